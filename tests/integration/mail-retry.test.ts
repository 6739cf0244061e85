// A failed agency e-mail: the worker's backoff schedule as the outbox row files it, the end of the
// retries, and 'Tentar de novo' in the inbox, through a real SMTP server that refuses, then answers.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, getPool } from "~/db/client.server";
import { mensagens } from "~/db/schema";
import type { MailWorker } from "~/jobs/mail-worker.server";
import { MAX_ATTEMPTS, defaultBackoff } from "~/models/messages/mensagem-outbox.server";
import * as detalhe from "~/routes/admin.mensagens_.$id";
import { adminCookie, req } from "./api-support";
import { VALID, postContato } from "./contato-support";
import { outbox, useMailBench } from "./mail-support";
import { captureLog } from "../support/log-lines";
import { callRoute } from "../support/route-call";

const bench = useMailBench();

/** The database's clock (the outbox's times are the database's), to the millisecond. */
async function dbNow() {
  const [rows] = await getPool().query("SELECT CAST(NOW(3) AS CHAR) AS t");
  return (rows as { t: string }[])[0].t;
}

/**
 * One run of `w` between two readings of the database's clock, and the outbox row after it: its
 * next attempt's delay in ms counted from each reading (the delay filed lies between the two).
 */
async function attemptBetweenClockReadings(w: MailWorker) {
  const before = await dbNow();
  await w.runOnce();
  const after = await dbNow();
  const [rows] = await getPool().query(
    "SELECT attempts, status, TIMESTAMPDIFF(MICROSECOND, ?, next_attempt_at) / 1000 AS fromBefore, TIMESTAMPDIFF(MICROSECOND, ?, next_attempt_at) / 1000 AS fromAfter FROM mensagem_emails",
    [before, after],
  );
  const [row] = rows as { attempts: number; status: string; fromBefore: string; fromAfter: string }[];
  return { ...row, fromBefore: Number(row.fromBefore), fromAfter: Number(row.fromAfter) };
}

/**
 * A message whose e-mail was refused (no SMTP server on the port) by a worker that plans no retry,
 * stopped after it: alive, it polls every 100 ms and could take the e-mail a later step makes due
 * (seen in a fresh clone: it sent it while the test read the row it had not yet marked 'enviado').
 */
async function failedWithNoRetry() {
  expect((await postContato(VALID)).status).toBe(302);
  const logged = captureLog();
  const worker = bench.worker({ backoff: () => null });
  await worker.runOnce();
  await worker.stop();
  logged.restore();
  const [row] = await outbox();
  return row;
}

describe("a failed e-mail", () => {
  it("stops retrying after the backoff says so, and keeps the error", async () => {
    const row = await failedWithNoRetry();
    expect(row).toMatchObject({ status: "falhou", attempts: 1, next_attempt_at: null });
    expect(await getDb().select().from(mensagens).where(eq(mensagens.id, row.mensagem_id!))).toHaveLength(1);
  });

  it("waits 30 s, 1 min, 2 min… up to an hour between attempts, as the outbox row says, and stops after MAX_ATTEMPTS", async () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(defaultBackoff)).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000]);
    expect(defaultBackoff(MAX_ATTEMPTS - 1)).toBe(3_600_000);
    expect(defaultBackoff(MAX_ATTEMPTS)).toBeNull();
    // No SMTP server on the port: every attempt is refused, and the worker files the next one.
    expect((await postContato(VALID)).status).toBe(302);
    const logged = captureLog();
    try {
      const w = bench.worker({ backoff: defaultBackoff });
      const first = await attemptBetweenClockReadings(w);
      expect(first).toMatchObject({ attempts: 1, status: "falhou" });
      expect(first.fromBefore).toBeGreaterThanOrEqual(30_000);
      expect(first.fromAfter).toBeLessThanOrEqual(30_000);
      // Three more failures behind it; made due now, the fifth attempt waits 8 minutes.
      await getPool().query("UPDATE mensagem_emails SET attempts = 4, next_attempt_at = NOW(3)");
      const fifth = await attemptBetweenClockReadings(w);
      expect(fifth.attempts).toBe(5);
      expect(fifth.fromBefore).toBeGreaterThanOrEqual(480_000);
      expect(fifth.fromAfter).toBeLessThanOrEqual(480_000);
      // The last one allowed: no next attempt; the inbox offers 'Tentar de novo'.
      await getPool().query(`UPDATE mensagem_emails SET attempts = ${MAX_ATTEMPTS - 1}, next_attempt_at = NOW(3)`);
      await w.runOnce();
      const [last] = await outbox();
      expect(last).toMatchObject({ attempts: MAX_ATTEMPTS, status: "falhou", next_attempt_at: null });
    } finally {
      logged.restore();
    }
  });

  it("'Tentar de novo' in the inbox sends a failed e-mail once the SMTP server answers", async () => {
    const failed = await failedWithNoRetry();
    expect(failed).toMatchObject({ status: "falhou", next_attempt_at: null });

    const smtp = await bench.startSmtp();
    const cookie = await adminCookie();
    const id = failed.mensagem_id;
    const res = await callRoute(detalhe.action, req(`/admin/mensagens/${id}`, { urlencoded: { intent: "reenviar", _fetcher: "1" }, cookie }), { id: String(id) });
    expect(res.body).toMatchObject({ ok: true });
    const w = bench.worker();
    await w.runOnce();
    const [mail] = await smtp.waitFor(1);
    expect(mail.text).toContain(VALID.mensagem);
    const [sent] = await outbox();
    expect(sent).toMatchObject({ status: "enviado", last_error: null });
    await w.stop();
    expect(smtp.received).toHaveLength(1);
  });
});
