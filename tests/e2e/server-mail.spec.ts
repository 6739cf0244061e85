// The message e-mail worker as server.mjs runs it (produto §11): started with the server, stopped
// cleanly on SIGTERM before the pool closes, and nothing lost when the SMTP server is down and the
// server restarts in between.
import { test, expect } from "./helpers";
import { E2E } from "./env";
import { exited, startServer, type Spawned } from "./spawn-server";
import { createDatabaseIfMissing, dropDatabase, runMigrations } from "../../app/db/setup.server";
import { freePort, smtpUrlFor, startSmtpServer, type SmtpStub } from "../support/smtp-server";
import mysql from "mysql2/promise";

// Its own database: the e2e server's worker (with its own SMTP server) must not take these e-mails.
const DATABASE_URL = (() => {
  const u = new URL(E2E.DATABASE_URL);
  u.pathname += "_mail";
  return u.toString();
})();

async function outbox() {
  const conn = await mysql.createConnection({ uri: DATABASE_URL });
  try {
    const [rows] = await conn.query("SELECT status, attempts, last_error FROM mensagem_emails");
    return rows as { status: string; attempts: number; last_error: string | null }[];
  } finally {
    await conn.end();
  }
}

/** SIGTERM, then the exit-probe report: code, and database connections left without COM_QUIT. */
async function stop(server: Spawned) {
  const code = exited(server.child);
  server.child.kill("SIGTERM");
  expect(await code).toBe(0);
  const line = server.output().split("\n").find((l) => l.startsWith("exit-probe "));
  expect(line, server.output()).toBeTruthy();
  return JSON.parse(line!.slice("exit-probe ".length)) as { code: number; dbLeftOpen: number; sinceSignalMs: number };
}

test.describe.configure({ mode: "serial" });

let smtp: SmtpStub | undefined;
const running: Spawned[] = [];

test.beforeAll(async () => {
  await dropDatabase(DATABASE_URL);
  await createDatabaseIfMissing(DATABASE_URL);
  await runMigrations(DATABASE_URL);
});
test.afterAll(async () => {
  for (const s of running) s.child.kill("SIGKILL");
  await smtp?.close();
  await dropDatabase(DATABASE_URL);
});

test("SMTP down: the message is kept and marked falhou; the server stops cleanly; a new server delivers it once the SMTP server is back", async () => {
  test.setTimeout(60_000);
  const port = await freePort();
  const env = { SMTP_URL: smtpUrlFor(port), MAIL_TO: "leads@teste.local" };

  const first = await startServer(DATABASE_URL, { env, probe: true });
  running.push(first);
  await expect.poll(first.output).toContain("Envio de e-mails das mensagens ativo.");
  const form = new FormData();
  for (const [k, v] of Object.entries({ nome: "Rui Reinício", email: "rui@teste.com.br", telefone: "(17) 99123-4567", mensagem: "Ainda está disponível?" })) form.set(k, v);
  expect((await fetch(`${first.base}/api/contato`, { method: "POST", body: form })).status).toBe(200);
  await expect.poll(outbox, { timeout: 15_000 }).toMatchObject([{ status: "falhou", attempts: 1 }]);
  expect((await outbox())[0].last_error).toMatch(/ECONNREFUSED/);

  // The worker stops before the pool: a clean exit (a forced one exits 1), every database
  // connection said goodbye.
  const report = await stop(first);
  expect(report).toMatchObject({ code: 0, dbLeftOpen: 0 });

  // The backoff has run out (30 s in production; here made due at once), the SMTP server is back.
  const conn = await mysql.createConnection({ uri: DATABASE_URL });
  await conn.query("UPDATE mensagem_emails SET next_attempt_at = NOW(3)");
  await conn.end();
  smtp = await startSmtpServer({ port });
  const second = await startServer(DATABASE_URL, { env, probe: true });
  running.push(second);
  const [mail] = await smtp.waitFor(1, 15_000);
  expect(mail.subject).toBe("Novo contato pelo site – Rui Reinício");
  expect(mail.replyTo?.value[0].address).toBe("rui@teste.com.br");
  expect(mail.text).toContain("Ainda está disponível?");
  await expect.poll(outbox, { timeout: 10_000 }).toMatchObject([{ status: "enviado", attempts: 2, last_error: null }]);
  expect((await stop(second)).dbLeftOpen).toBe(0);
  expect(smtp.received).toHaveLength(1);
});

test("without SMTP_URL the server says so and queues no e-mail", async () => {
  const server = await startServer(DATABASE_URL, { env: { SMTP_URL: undefined }, probe: true });
  running.push(server);
  await expect.poll(server.output).toContain("SMTP_URL não configurado");
  const before = (await outbox()).length;
  const form = new FormData();
  for (const [k, v] of Object.entries({ nome: "Sem Email", email: "sem@teste.com.br", telefone: "(17) 99123-4567", mensagem: "Oi" })) form.set(k, v);
  expect((await fetch(`${server.base}/api/contato`, { method: "POST", body: form })).status).toBe(200);
  expect(await outbox()).toHaveLength(before);
  expect((await stop(server)).dbLeftOpen).toBe(0);
});
