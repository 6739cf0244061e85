// The admin's changes of an atendimento (issue 34): stage, owner, follow-up, notes. Each one writes
// its timeline entry (atendimento_eventos: who, when, what) and its admin history entry in one
// transaction (decision 0026). The history names the message only by number and kind, never a
// note's words (LGPD: a note is personal data; the timeline holds it, and goes with the message).
import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.server";
import { getDb } from "../../db/client.server";
import { atendimentoEventos, mensagens, usuarios } from "../../db/schema";
import { etapaOrdem, type Etapa, type EventoTipo, type Motivo } from "../../utils/atendimento";
import { formatDateTime } from "../../utils/format";
import { DomainError } from "../errors";
import type { Actor } from "../history/history.server";
import { recordMensagem } from "../messages/mensagem-history.server";

/** A change inside its transaction: false when there is no such message. */
async function change(actor: Actor, id: number, tipo: EventoTipo, texto: string, historyText: string, write: (tx: Tx) => Promise<boolean>) {
  return getDb().transaction(async (tx) => {
    const [m] = await tx.select({ id: mensagens.id }).from(mensagens).where(eq(mensagens.id, id)).for("update");
    if (!m) return false;
    if (!(await write(tx))) return true;
    await tx.insert(atendimentoEventos).values({ mensagem_id: id, usuario_id: actor.usuarioId, usuario_email: actor.email, tipo, texto });
    await recordMensagem(tx, actor, "atendimento", id, historyText);
    return true;
  });
}

/**
 * Moves an atendimento to `etapa`; 'Perdido' needs a motive (the schema asks for it; refused here
 * too). `etapa_max` keeps how far along the path it ever got, for the funnel. No entry when the stage
 * and motive are already those.
 */
export async function setEtapa(actor: Actor, id: number, etapa: Etapa, motivo: Motivo | null) {
  if (etapa === "Perdido" && !motivo) throw new DomainError("invalid", "Informe o motivo da perda.");
  const m = etapa === "Perdido" ? motivo : null;
  const texto = etapa === "Perdido" ? `Etapa: Perdido (${m})` : `Etapa: ${etapa}`;
  return change(actor, id, "etapa", texto, texto.toLowerCase(), async (tx) => {
    const [now] = await tx.select({ etapa: mensagens.etapa, motivo: mensagens.motivo }).from(mensagens).where(eq(mensagens.id, id));
    if (now.etapa === etapa && now.motivo === m) return false;
    const ordem = etapaOrdem(etapa);
    await tx
      .update(mensagens)
      .set({ etapa, motivo: m, ...(ordem > 0 ? { etapa_max: sql`GREATEST(${mensagens.etapa_max}, ${ordem})` } : {}) })
      .where(eq(mensagens.id, id));
    return true;
  });
}

/** The owner: an active admin, or nobody (null). Refuses an unknown or inactive one. */
export async function setResponsavel(actor: Actor, id: number, usuarioId: number | null) {
  let label = "ninguém";
  if (usuarioId !== null) {
    const [u] = await getDb().select({ nome: usuarios.nome, email: usuarios.email }).from(usuarios).where(and(eq(usuarios.id, usuarioId), eq(usuarios.ativo, true)));
    if (!u) throw new DomainError("invalid", "Escolha um administrador ativo.");
    label = u.nome || u.email;
  }
  return change(actor, id, "responsavel", `Responsável: ${label}`, usuarioId === null ? "sem responsável" : "responsável definido", async (tx) => {
    const [res] = await tx.update(mensagens).set({ responsavel_id: usuarioId }).where(and(eq(mensagens.id, id), sql`NOT (${mensagens.responsavel_id} <=> ${usuarioId})`));
    // A new lead taken by someone is being handled: 'Novo' moves on to 'Em atendimento'.
    if (res.affectedRows && usuarioId !== null) {
      await tx.update(mensagens).set({ etapa: "Em atendimento", etapa_max: sql`GREATEST(${mensagens.etapa_max}, 1)` }).where(and(eq(mensagens.id, id), eq(mensagens.etapa, "Novo")));
    }
    return res.affectedRows > 0;
  });
}

/** 'Assumir': the acting admin takes it. */
export async function assumir(actor: Actor, id: number) {
  if (actor.usuarioId === null) throw new DomainError("invalid", "Só um administrador assume um atendimento.");
  return setResponsavel(actor, id, actor.usuarioId);
}

/** 'Retornar em': a follow-up instant, or none. */
export function setRetorno(actor: Actor, id: number, em: Date | null) {
  const texto = em ? `Retornar em ${formatDateTime(em.toISOString())}` : "Retorno desmarcado";
  return change(actor, id, "retorno", texto, em ? "retorno marcado" : "retorno desmarcado", async (tx) => {
    await tx.update(mensagens).set({ retornar_em: em }).where(eq(mensagens.id, id));
    return true;
  });
}

/** A note on the timeline. */
export function addNota(actor: Actor, id: number, texto: string) {
  return change(actor, id, "nota", texto, "anotação", async () => true);
}
