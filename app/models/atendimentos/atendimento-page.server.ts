// One atendimento (/admin/atendimentos/{id}, issue 34): its message, its stage, owner and follow-up,
// its timeline, and the person behind it as one contact: every message with the same e-mail or the
// same phone (compared by digits: telefone_chave), with the listings they asked about.
import { and, asc, desc, eq, ne, or, type SQL } from "drizzle-orm";
import { getDb } from "../../db/client.server";
import { atendimentoEventos, imoveis, mensagens, usuarios } from "../../db/schema";
import type { Etapa, EventoTipo, Motivo } from "../../utils/atendimento";
import { getMensagem } from "../messages/mensagem-inbox.server";

/** How many messages of one contact are shown (a person rarely writes more). */
const CONTACT_MAX = 50;

export type ContatoMensagem = { id: number; tipo: string; createdAt: string; etapa: Etapa; imovel: { id: number; codigo: string | null } | null };
export type Evento = { id: number; em: string; autor: string | null; tipo: EventoTipo; texto: string };

/** The messages of the same person as `m` (same e-mail, or same phone digits), newest first, `m` included. */
export async function contatoOf(m: { id: number; email: string; telefone_chave: string }): Promise<ContatoMensagem[]> {
  const same: SQL[] = [eq(mensagens.id, m.id)];
  if (m.email) same.push(eq(mensagens.email, m.email));
  // A phone of fewer than 8 digits ("0", "123") is no number: it would join strangers.
  if (m.telefone_chave.length >= 8) same.push(eq(mensagens.telefone_chave, m.telefone_chave));
  const rows = await getDb()
    .select({ id: mensagens.id, tipo: mensagens.tipo, created_at: mensagens.created_at, etapa: mensagens.etapa, imovelId: imoveis.id, codigo: imoveis.codigo })
    .from(mensagens)
    .leftJoin(imoveis, eq(imoveis.id, mensagens.imovel_id))
    .where(or(...same))
    .orderBy(desc(mensagens.created_at), desc(mensagens.id))
    .limit(CONTACT_MAX);
  return rows.map((r) => ({
    id: r.id,
    tipo: r.tipo,
    createdAt: r.created_at.toISOString(),
    etapa: r.etapa,
    imovel: r.imovelId == null ? null : { id: r.imovelId, codigo: r.codigo },
  }));
}

/** The timeline of an atendimento, oldest first. */
export async function eventosOf(id: number): Promise<Evento[]> {
  const rows = await getDb()
    .select({ id: atendimentoEventos.id, em: atendimentoEventos.em, email: atendimentoEventos.usuario_email, nome: usuarios.nome, tipo: atendimentoEventos.tipo, texto: atendimentoEventos.texto })
    .from(atendimentoEventos)
    .leftJoin(usuarios, eq(usuarios.id, atendimentoEventos.usuario_id))
    .where(eq(atendimentoEventos.mensagem_id, id))
    .orderBy(asc(atendimentoEventos.em), asc(atendimentoEventos.id));
  return rows.map((r) => ({ id: r.id, em: r.em.toISOString(), autor: r.nome || r.email, tipo: r.tipo, texto: r.texto }));
}

/** The active admins an atendimento may be given to, by name. */
export async function activeAdmins() {
  const rows = await getDb().select({ id: usuarios.id, nome: usuarios.nome, email: usuarios.email }).from(usuarios).where(eq(usuarios.ativo, true)).orderBy(asc(usuarios.email));
  return rows.map((u) => ({ id: u.id, label: u.nome ? `${u.nome} (${u.email})` : u.email }));
}

/** Everything the page shows; null when there is no such message. */
export async function getAtendimento(id: number) {
  const m = await getMensagem(id);
  if (!m) return null;
  const [row] = await getDb()
    .select({ etapa: mensagens.etapa, motivo: mensagens.motivo, responsavelId: mensagens.responsavel_id, retornarEm: mensagens.retornar_em, telefone_chave: mensagens.telefone_chave, tipo: mensagens.tipo })
    .from(mensagens)
    .where(eq(mensagens.id, id));
  const [contato, eventos, admins] = await Promise.all([contatoOf({ id, email: m.email, telefone_chave: row.telefone_chave }), eventosOf(id), activeAdmins()]);
  return {
    m,
    tipo: row.tipo,
    etapa: row.etapa as Etapa,
    motivo: row.motivo as Motivo | null,
    responsavelId: row.responsavelId,
    retornarEm: row.retornarEm?.toISOString() ?? null,
    contato,
    eventos,
    admins,
  };
}

/** Whether message `id` exists (a 404 before a write). */
export async function atendimentoExists(id: number) {
  const [row] = await getDb().select({ id: mensagens.id }).from(mensagens).where(and(eq(mensagens.id, id), ne(mensagens.id, 0))).limit(1);
  return Boolean(row);
}
