// Two delivery workers on one database, as two server processes would run them: each e-mail goes
// out exactly once (the claim of mensagem-outbox.server.ts).
import { drizzle } from "drizzle-orm/mysql2";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { closeDb, createPool, getDb } from "~/db/client.server";
import * as schema from "~/db/schema";
import { getEnv } from "~/env.server";
import { createMailWorker } from "~/jobs/mail-worker.server";
import { saveMensagem } from "~/models/messages/mensagem.server";
import { mailConfig } from "~/services/mail.server";
import { resetDb } from "./db";
import { startSmtpServer, type SmtpStub } from "../support/smtp-server";

let smtp: SmtpStub;
beforeAll(async () => {
  // Each message takes a moment to be accepted, so the two workers are busy at the same time.
  smtp = await startSmtpServer({ delayMs: 15 });
  process.env.SMTP_URL = smtp.url;
});
beforeEach(resetDb);
afterAll(async () => {
  await smtp.close();
  await closeDb();
});

const N = 30;

it(`two workers on two connection pools race over ${N} e-mails: each is delivered exactly once`, async () => {
  for (let i = 1; i <= N; i++) {
    await saveMensagem({ nome: `Pessoa ${i}`, email: `pessoa${i}@teste.com.br`, telefone: "(17) 99999-0000", mensagem: `Mensagem ${i}`, ip: "10.0.0.1" });
  }
  const otherPool = createPool(process.env.DATABASE_URL!);
  const env = getEnv();
  const common = { config: mailConfig()!, site: { publicUrl: env.PUBLIC_URL, agencyName: env.AGENCY_NAME }, pollMs: 10, batch: 2 };
  const a = createMailWorker({ ...common, db: getDb() });
  const b = createMailWorker({ ...common, db: drizzle(otherPool, { schema, mode: "default" }) });
  try {
    await Promise.all([a.runOnce(), b.runOnce()]);
    await smtp.waitFor(N);
    const rows = await getDb().select().from(schema.mensagemEmails);
    expect(rows.filter((r) => r.status === "enviado")).toHaveLength(N);
    // Both stopped, every send they began has finished and been received: a duplicate would be here.
    await Promise.all([a.stop(), b.stop()]);
    const subjects = smtp.received.map((m) => m.subject);
    expect(subjects).toHaveLength(N);
    expect(new Set(subjects).size).toBe(N);
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
  } finally {
    await Promise.all([a.stop(), b.stop()]);
    await otherPool.end();
  }
});
