// The columns a message is read with, shared by the inbox and the outbox (its e-mail).
import { mensagens, imoveis } from "../db/schema";
import type { MensagemImovel } from "../utils/mensagem";

export const mensagemColumns = {
  id: mensagens.id,
  nome: mensagens.nome,
  email: mensagens.email,
  telefone: mensagens.telefone,
  mensagem: mensagens.mensagem,
  created_at: mensagens.created_at,
};

/** The listing of a message, read through `LEFT JOIN imoveis` (all null when there is none). */
export const imovelRefColumns = {
  imovelId: imoveis.id,
  codigo: imoveis.codigo,
  endereco: imoveis.endereco,
  numero: imoveis.numero,
  bairro: imoveis.bairro,
};

type ImovelRefRow = { imovelId: number | null; codigo: string | null; endereco: string | null; numero: string | null; bairro: string | null };

export function imovelRefOf(r: ImovelRefRow): MensagemImovel | null {
  return r.imovelId == null ? null : { id: r.imovelId, codigo: r.codigo, endereco: r.endereco ?? "", numero: r.numero ?? "", bairro: r.bairro ?? "" };
}
