// The property form's words for each stored field (components/imovel-form.tsx shows the same), so
// the admin history says "Preço: 350000.00 → 340000.00" and not the column's name.
import { COUNT_FIELDS } from "./enums";
import { COUNT_LABELS } from "./imovel";

export const IMOVEL_LABELS: Record<string, string> = {
  tipo: "Tipo",
  status: "Status",
  situacao: "Situação",
  ativo: "Anúncio ativo",
  publicar_portais: "Publicar nos portais",
  preco: "Preço",
  condominio: "Condomínio (R$ por mês)",
  iptu: "IPTU (R$ por ano)",
  area: "Área (m²)",
  descricao: "Descrição",
  video: "Vídeo",
  alarme: "Alarme",
  portao: "Portão",
  forro: "Forro",
  pintura: "Pintura",
  piso: "Piso",
  telhado: "Telhado",
  cep: "CEP",
  endereco: "Endereço (rua)",
  numero: "Número",
  bairro: "Bairro",
  cidade: "Cidade",
  estado: "Estado",
  capa: "Foto de capa",
  ...Object.fromEntries(COUNT_FIELDS.map((f) => [f, COUNT_LABELS[f]])),
};
