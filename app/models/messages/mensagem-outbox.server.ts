// The outbox of the agency e-mail (mensagem_emails): queued with the message, claimed by one worker
// at a time, then marked sent or failed. See docs/decisions/0007-mensagem-email-outbox.md.
import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { getDb, type Db, type Tx } from "../../db/client.server";
import { imoveis, mensagemEmails, mensagens } from "../../db/schema";
import { captacaoOf, imovelRefColumns, imovelRefOf, mensagemColumns, reservaOf, visitaOf } from "./mensagem-inbox.server";
import type { MensagemEmail } from "./mensagem-email.server";
import type { Actor } from "../history/history.server";
import { recordMensagem } from "./mensagem-history.server";


/** After this many failed attempts the worker stops trying; the inbox offers 'Tentar de novo'. */
export const MAX_ATTEMPTS = 20;

/** Waits 30 s, 1 min, 2 min… up to 1 h between attempts; null once MAX_ATTEMPTS have failed. */
export function defaultBackoff(attempts: number): number | null {
  if (attempts >= MAX_ATTEMPTS) return null;
  return Math.min(30_000 * 2 ** Math.max(attempts - 1, 0), 3_600_000);
}

const inMs = (ms: number) => sql`NOW(3) + INTERVAL ${Math.max(0, Math.round(ms)) * 1000} MICROSECOND`;

/** Queues the e-mail of a message; call it inside the transaction that stores the message. */
export async function enqueueEmail(tx: Tx | Db, mensagemId: number) {
  await tx.insert(mensagemEmails).values({ mensagem_id: mensagemId, next_attempt_at: sql`NOW(3)` });
}

/**
 * Takes up to `limit` due e-mails for `owner` and leases them for `leaseMs`. SKIP LOCKED lets
 * concurrent workers pass over rows another one is claiming instead of waiting or taking them
 * too; the lease keeps a claimed row away from the others after this transaction commits, and
 * brings it back if its worker dies before marking it.
 */
export async function claimDue(owner: string, opts: { limit: number; leaseMs: number }, db: Db = getDb()): Promise<number[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: mensagemEmails.id })
      .from(mensagemEmails)
      .where(
        and(
          lte(mensagemEmails.next_attempt_at, sql`NOW(3)`),
          or(isNull(mensagemEmails.locked_until), lte(mensagemEmails.locked_until, sql`NOW(3)`)),
        ),
      )
      .orderBy(asc(mensagemEmails.next_attempt_at))
      .limit(opts.limit)
      .for("update", { skipLocked: true });
    const ids = rows.map((r) => r.id);
    if (ids.length === 0) return [];
    await tx
      .update(mensagemEmails)
      .set({ locked_until: inMs(opts.leaseMs), locked_by: owner, attempts: sql`${mensagemEmails.attempts} + 1` })
      .where(inArray(mensagemEmails.id, ids));
    return ids;
  });
}

/** What the e-mail of each claimed row needs; rows whose message was deleted meanwhile are absent. */
export async function mensagensOf(outboxIds: number[], db: Db = getDb()) {
  if (outboxIds.length === 0) return [];
  const rows = await db
    .select({ outboxId: mensagemEmails.id, attempts: mensagemEmails.attempts, ...mensagemColumns, ...imovelRefColumns })
    .from(mensagemEmails)
    .innerJoin(mensagens, eq(mensagens.id, mensagemEmails.mensagem_id))
    .leftJoin(imoveis, eq(imoveis.id, mensagens.imovel_id))
    .where(inArray(mensagemEmails.id, outboxIds));
  return rows.map(({ outboxId, attempts, imovelId, codigo, endereco, numero, bairro, tipo, visita_data, visita_periodo, ...m }) => {
    const { captacao_finalidade, captacao_tipo, captacao_bairro, captacao_endereco, captacao_preco, captacao_imovel_id, reserva_chegada, reserva_saida, reserva_hospedes, ...rest } = m;
    const captacaoRow = { tipo, captacao_finalidade, captacao_tipo, captacao_bairro, captacao_endereco, captacao_preco, captacao_imovel_id };
    return {
      outboxId,
      attempts,
      mensagem: {
        ...rest,
        imovel: imovelRefOf({ imovelId, codigo, endereco, numero, bairro }),
        visita: visitaOf({ tipo, visita_data, visita_periodo }),
        reserva: reservaOf({ tipo, reserva_chegada, reserva_saida, reserva_hospedes }),
        captacao: captacaoOf(captacaoRow),
      } satisfies MensagemEmail,
    };
  });
}

/** Only the lease holder may settle a row: a worker whose lease ran out no longer owns it. */
const heldBy = (id: number, owner: string) => and(eq(mensagemEmails.id, id), eq(mensagemEmails.locked_by, owner));

export async function markSent(id: number, owner: string, db: Db = getDb()) {
  await db
    .update(mensagemEmails)
    .set({ status: "enviado", sent_at: sql`NOW()`, next_attempt_at: null, locked_until: null, locked_by: null, last_error: null })
    .where(heldBy(id, owner));
}

/** Claimed rows given back untried (the worker is stopping): due again, the attempt not counted. */
export async function releaseClaim(ids: number[], owner: string, db: Db = getDb()) {
  await db
    .update(mensagemEmails)
    .set({ locked_until: null, locked_by: null, attempts: sql`GREATEST(${mensagemEmails.attempts} - 1, 0)` })
    .where(and(inArray(mensagemEmails.id, ids), eq(mensagemEmails.locked_by, owner)));
}

/** A failed attempt: 'falhou' with the error, and the next attempt after `retryInMs` (null: none). */
export async function markFailed(id: number, owner: string, error: string, retryInMs: number | null, db: Db = getDb()) {
  await db
    .update(mensagemEmails)
    .set({
      status: "falhou",
      last_error: error.slice(0, 500),
      next_attempt_at: retryInMs == null ? null : inMs(retryInMs),
      locked_until: null,
      locked_by: null,
    })
    .where(heldBy(id, owner));
}

/** 'Tentar de novo' of the inbox: a failed e-mail is due again now. False when there is none to retry. */
export async function retryEmail(actor: Actor, mensagemId: number) {
  return getDb().transaction(async (tx) => {
    const [res] = await tx
      .update(mensagemEmails)
      .set({ next_attempt_at: sql`NOW(3)`, attempts: 0 })
      .where(and(eq(mensagemEmails.mensagem_id, mensagemId), eq(mensagemEmails.status, "falhou")));
    if (res.affectedRows === 0) return false;
    await recordMensagem(tx, actor, "mensagem", mensagemId, "novo envio do e-mail");
    return true;
  });
}

const queuedListeners = new Set<() => void>();

/**
 * Called when an e-mail was just queued. The mail worker of this process listens
 * (app/jobs/mail-worker.server.ts) and sends it now rather than at its next poll; the model does not
 * know whether a worker runs.
 */
export function onEmailQueued(listener: () => void): () => void {
  queuedListeners.add(listener);
  return () => queuedListeners.delete(listener);
}

export function emailQueued() {
  for (const listener of queuedListeners) listener();
}
