// An e-mail alert's life (issue 32 §2, decision 0037): created from a list page's form (double
// opt-in: only a confirmation e-mail goes out), confirmed by a POST from its link, its frequency
// changed, cancelled (deleted at once), or deleted by the daily maintenance when never confirmed.
import { and, eq, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { getDb, type Db, type Tx } from "../../db/client.server";
import { prepared } from "../../db/prepared.server";
import { alertaEnvios, alertas, mensagemEmails } from "../../db/schema";
import { hit } from "../../services/rate-limit.server";
import { UNCONFIRMED_DAYS, type AlertaBusca, type AlertaFrequencia } from "../../utils/alertas";
import { emailQueued } from "../messages/mensagem-outbox.server";
import { saoPauloDay } from "./alerta-clock.server";
import { hashToken, newSalt, tokenOf, TOKEN_PATTERN } from "./alerta-token.server";

export type Alerta = typeof alertas.$inferSelect;

// An address can be made to receive confirmation e-mails it never asked for: a few per sender and
// per address, and one confirmation per alert and day (alerta_envios' unique key).
const PER_IP = { limit: 5, windowMs: 10 * 60_000 };
const PER_EMAIL = { limit: 5, windowMs: 24 * 3600_000 };

/**
 * Queues one e-mail of an alert (its confirmation, or the digest of `dia` with `imoveis`) in the
 * outbox, in the caller's transaction. False when that e-mail of that day is queued already.
 */
export async function queueEnvio(tx: Tx, alertaId: number, tipo: "confirmacao" | "resumo", dia: string, imoveis?: number[]) {
  const [res] = await tx.insert(alertaEnvios).ignore().values({ alerta_id: alertaId, tipo, dia, imoveis: imoveis ?? null });
  if (res.affectedRows === 0) return false;
  await tx.insert(mensagemEmails).values({ alerta_envio_id: Number(res.insertId), next_attempt_at: sql`NOW(3)` });
  return true;
}

export type SubscribeOutcome = { ok: true } | { ok: false; retryAt: Date };

/**
 * 'Criar alerta': a new alert and its confirmation e-mail. The same e-mail and search again: no
 * second alert; its confirmation again if it is not confirmed yet (once a day), nothing if it is
 * (the answer is the same either way: the form does not tell who subscribed to what).
 */
export async function subscribe(email: string, busca: AlertaBusca, ip: string, now = new Date()): Promise<SubscribeOutcome> {
  const address = email.trim().toLowerCase();
  for (const [key, rule] of [[`alerta:${ip}`, PER_IP], [`alerta-email:${address}`, PER_EMAIL]] as const) {
    const limit = await hit(key, rule.limit, rule.windowMs);
    if (!limit.allowed) return { ok: false, retryAt: limit.retryAt };
  }
  const queued = await getDb().transaction(async (tx) => {
    const same = and(eq(alertas.email, address), eq(alertas.lista, busca.lista), eq(alertas.consulta, busca.consulta));
    const [existing] = await tx.select().from(alertas).where(same).limit(1).for("update");
    if (existing?.confirmado_em) return false;
    let id = existing?.id;
    if (id == null) {
      const salt = newSalt();
      const [res] = await tx.insert(alertas).values({ email: address, ...busca, token_salt: salt, token_hash: hashToken(tokenOf(salt)), ip });
      id = Number(res.insertId);
    }
    return queueEnvio(tx, id, "confirmacao", saoPauloDay(now));
  });
  if (queued) emailQueued();
  return { ok: true };
}

/** The alert of a token, or null (a malformed token, or no such alert: never made, or deleted). */
export async function findAlerta(token: string, db: Db | Tx = getDb()): Promise<Alerta | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await db.select().from(alertas).where(eq(alertas.token_hash, hashToken(token))).limit(1);
  return row ?? null;
}

export type ConfirmOutcome = { kind: "confirmado"; alerta: Alerta } | { kind: "ja_confirmado"; alerta: Alerta } | { kind: "nao_encontrado" };

/** The 'Confirmar' button: from now on, the listings that become public are news to this alert. */
export async function confirmAlerta(token: string): Promise<ConfirmOutcome> {
  return getDb().transaction(async (tx) => {
    const alerta = await findAlerta(token, tx);
    if (!alerta) return { kind: "nao_encontrado" };
    if (alerta.confirmado_em) return { kind: "ja_confirmado", alerta };
    await tx.update(alertas).set({ confirmado_em: sql`NOW()`, desde: sql`NOW(3)` }).where(eq(alertas.id, alerta.id));
    const [after] = await tx.select().from(alertas).where(eq(alertas.id, alerta.id));
    return { kind: "confirmado", alerta: after };
  });
}

/** 'Cancelar alerta' and the one-click unsubscribe (RFC 8058): the alert and its e-mails are deleted. */
export async function cancelAlerta(token: string): Promise<boolean> {
  if (!TOKEN_PATTERN.test(token)) return false;
  const [res] = await getDb().delete(alertas).where(eq(alertas.token_hash, hashToken(token)));
  return res.affectedRows > 0;
}

/** The frequency of the digests ('Todo dia' or at most one a week); false when there is no such alert. */
export async function setFrequencia(token: string, frequencia: AlertaFrequencia): Promise<boolean> {
  if (!TOKEN_PATTERN.test(token)) return false;
  const [res] = await getDb().update(alertas).set({ frequencia }).where(eq(alertas.token_hash, hashToken(token)));
  return res.affectedRows > 0;
}

/** The daily maintenance: alerts never confirmed are deleted after UNCONFIRMED_DAYS days (LGPD). */
export async function deleteUnconfirmed(days = UNCONFIRMED_DAYS, db: Db = getDb()) {
  const [res] = await db.delete(alertas).where(and(isNull(alertas.confirmado_em), lt(alertas.created_at, sql`NOW() - INTERVAL ${days} DAY`)));
  return res.affectedRows;
}

// Prepared (db/prepared.server.ts): 'Home admin' asks it every time.
const activeQuery = prepared((db) => db.select({ n: sql<number>`COUNT(*)` }).from(alertas).where(isNotNull(alertas.confirmado_em)).prepare());

/** 'Home admin': how many alerts are confirmed (and so receive digests). */
export async function countActiveAlertas() {
  const [row] = await activeQuery().execute();
  return Number(row.n);
}
