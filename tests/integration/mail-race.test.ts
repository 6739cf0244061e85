// Two delivery workers on one database, as two server processes would run them. Delivery is at
// least once, not exactly once (README, docs/decisions/0007): the claim (SELECT … FOR UPDATE SKIP
// LOCKED and a lease, mensagem-outbox.server.ts) gives each due e-mail to one worker at a time, so
// while every send ends within its lease no e-mail goes out twice and none is lost; a send that
// outlives its lease is sent again by another worker, and the agency gets it twice.
import { drizzle } from "drizzle-orm/mysql2";
import type { ParsedMail } from "mailparser";
import { afterAll, afterEach, beforeEach, expect, it } from "vitest";
import { closeDb, createPool, getDb, getPool } from "~/db/client.server";
import * as schema from "~/db/schema";
import { getEnv } from "~/env.server";
import { createMailWorker, type MailWorker } from "~/jobs/mail-worker.server";
import { saveMensagem } from "~/models/messages/mensagem.server";
import { mailConfig } from "~/services/mail.server";
import { resetDb } from "./db";
import { outbox, until } from "./mail-support";
import { smtpUrlFor, startSmtpServer, type SmtpStub } from "../support/smtp-server";

// Any address: saveMensagem writes an outbox row only with SMTP_URL set; each test's workers are
// given their own SMTP server's address.
process.env.SMTP_URL = smtpUrlFor(1);

let smtp: SmtpStub | undefined;
const workers: MailWorker[] = [];
const otherPool = createPool(process.env.DATABASE_URL!);
beforeEach(resetDb);
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  await smtp?.close();
});
afterAll(async () => {
  await otherPool.end();
  await closeDb();
});

/** A worker on this process's pool (`own`) or on a second pool, as another process would be; its name in each e-mail's HTML. */
function worker(name: string, pool: "own" | "other", opts: { batch?: number; leaseMs?: number } = {}) {
  const env = getEnv();
  const db = pool === "own" ? getDb() : drizzle(otherPool, { schema, mode: "default" });
  const w = createMailWorker({ config: { ...mailConfig()!, smtpUrl: smtp!.url }, site: { publicUrl: env.PUBLIC_URL, agencyName: name }, pollMs: 60_000, db, ...opts });
  workers.push(w);
  return w;
}

async function saveMensagens(n: number) {
  for (let i = 1; i <= n; i++) {
    await saveMensagem({ nome: `Pessoa ${i}`, email: `pessoa${i}@teste.com.br`, telefone: "(17) 99999-0000", mensagem: `Mensagem ${i}`, ip: "10.0.0.1" });
  }
}
const sentBy = (mails: ParsedMail[], name: string) => mails.filter((m) => String(m.html).includes(name)).length;

const N = 30;

it(`two workers on two pools race over ${N} e-mails, every send within its lease: each e-mail is claimed once and goes out once`, async () => {
  // Each message takes a moment to be accepted, so the two workers are busy at the same time.
  smtp = await startSmtpServer({ delayMs: 15 });
  await saveMensagens(N);
  const [a, b] = [worker("Agência A", "own", { batch: 2 }), worker("Agência B", "other", { batch: 2 })];
  await Promise.all([a.runOnce(), b.runOnce()]);
  // Both passes are over: every send they began has ended and been received, a duplicate too.
  const mails = await smtp.waitFor(N);
  // The precondition of a race: both workers sent some.
  expect(sentBy(mails, "Agência A"), "sent by A").toBeGreaterThan(0);
  expect(sentBy(mails, "Agência B"), "sent by B").toBeGreaterThan(0);
  const rows = await outbox();
  expect(rows.filter((r) => r.status === "enviado")).toHaveLength(N);
  // Claimed once each: a row two workers both took would count two attempts.
  expect(rows.map((r) => r.attempts)).toEqual(Array(N).fill(1));
  const subjects = mails.map((m) => m.subject);
  expect(subjects).toHaveLength(N);
  expect(new Set(subjects).size).toBe(N);
});

it("at least once, not exactly once: a send that outlives its lease is sent again by another worker, and the agency gets it twice", async () => {
  let arrived!: () => void;
  let release!: () => void;
  const firstArrived = new Promise<void>((r) => (arrived = r));
  const released = new Promise<void>((r) => (release = r));
  let held = 0;
  // The SMTP server holds the first e-mail (it has arrived, not yet accepted) until the test lets it go.
  smtp = await startSmtpServer({ hold: () => (held++ === 0 ? (arrived(), released) : undefined) });
  await saveMensagens(1);
  try {
    const slow = worker("Agência A", "own", { leaseMs: 300 });
    const slowPass = slow.runOnce();
    await firstArrived;
    // Condition, not a guess: the database says A's lease is over while A's send still hangs.
    await until(
      async () => ((await getPool().query("SELECT locked_until <= NOW(3) AS lapsed FROM mensagem_emails")) as unknown as [{ lapsed: number }[]])[0][0].lapsed,
      (lapsed) => lapsed === 1,
    );
    const other = worker("Agência B", "other");
    await other.runOnce();
    expect(sentBy(await smtp.waitFor(1), "Agência B"), "B sent it while A's send hung").toBe(1);
    release();
    await slowPass;
    const mails = await smtp.waitFor(2);
    expect(mails.map((m) => m.subject)).toEqual([mails[0].subject, mails[0].subject]);
    expect(sentBy(mails, "Agência A")).toBe(1);
    // One row, sent, claimed twice: by A, then by B once A's lease was over.
    expect(await outbox()).toMatchObject([{ status: "enviado", attempts: 2, locked_by: null }]);
  } finally {
    release(); // a failed test must not leave the send hanging until the mailer's timeout
  }
});
