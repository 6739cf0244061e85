// What the mail tests (mail.test, mail-retry.test) share: the app sends to a port of their own,
// where a test may or may not have a real SMTP server listening; workers as a test runs them.
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { closeDb, getDb } from "~/db/client.server";
import { mensagemEmails } from "~/db/schema";
import { getEnv } from "~/env.server";
import { createMailWorker, stopMailWorker, type MailWorker } from "~/jobs/mail-worker.server";
import { mailConfig } from "~/services/mail.server";
import { resetDb } from "./db";
import { freePort, smtpUrlFor, startSmtpServer, type SmtpStub } from "../support/smtp-server";

export const MAIL_TO = "caixa@imobiliaria.teste";

/** Registers the hooks of a mail test file: a fresh database per test, everything stopped after it. */
export function useMailBench() {
  let port = 0;
  let smtp: SmtpStub | undefined;
  const workers: MailWorker[] = [];
  beforeAll(async () => {
    // Before anything reads the configuration.
    port = await freePort();
    process.env.SMTP_URL = smtpUrlFor(port);
    process.env.MAIL_TO = MAIL_TO;
  });
  beforeEach(resetDb);
  afterEach(async () => {
    await stopMailWorker();
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    await smtp?.close();
    smtp = undefined;
  });
  afterAll(closeDb);
  return {
    /** A real SMTP server on the app's port, closed after the test. */
    async startSmtp() {
      smtp = await startSmtpServer({ port });
      return smtp;
    },
    /** A worker as a test runs it: the app's configuration, quick polls and retries. */
    worker(opts: Partial<Parameters<typeof createMailWorker>[0]> = {}) {
      const env = getEnv();
      const w = createMailWorker({
        config: mailConfig()!,
        site: { publicUrl: env.PUBLIC_URL, agencyName: env.AGENCY_NAME },
        pollMs: 100,
        backoff: () => 300,
        ...opts,
      });
      workers.push(w);
      return w;
    },
  };
}

export async function outbox() {
  return getDb().select().from(mensagemEmails);
}

export async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timeout; last value: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
