// The agency e-mail of every visitor message (produto §11), through a real SMTP server on 127.0.0.1.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { closeDb, getDb, getPool } from "~/db/client.server";
import { mensagemEmails, mensagens } from "~/db/schema";
import { getEnv } from "~/env.server";
import { createMailWorker, startMailWorker, stopMailWorker, type MailWorker } from "~/jobs/mail-worker.server";
import { insertImovel } from "~/models/listings/imovel.server";
import { MAX_ATTEMPTS, claimDue, defaultBackoff } from "~/models/messages/mensagem-outbox.server";
import * as detalhe from "~/routes/admin.mensagens_.$id";
import { mailConfig } from "~/services/mail.server";
import { codigoFor } from "~/utils/imovel";
import { adminCookie, req } from "./api-support";
import { VALID, postContato, statusOf } from "./contato-support";
import { resetDb } from "./db";
import { freePort, smtpUrlFor, startSmtpServer, type SmtpStub } from "../support/smtp-server";

const MAIL_TO = "caixa@imobiliaria.teste";
let port: number;
let smtp: SmtpStub | undefined;
let workers: MailWorker[] = [];

beforeAll(async () => {
  // Before anything reads the configuration: the app sends to this port, where a test may or may
  // not have an SMTP server listening.
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

/** A worker as a test runs it: the app's configuration, quick polls and retries. */
function worker(opts: Partial<Parameters<typeof createMailWorker>[0]> = {}) {
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
}

async function outbox() {
  return getDb().select().from(mensagemEmails);
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timeout; last value: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("the agency e-mail of a message", () => {
  it("arrives with the visitor's text, the listing's code and address, Reply-To the visitor, text and HTML parts", async () => {
    smtp = await startSmtpServer({ port });
    const imovelId = await insertImovel({ descricao: "<p>Casa</p>", endereco: "Rua Amazonas", numero: "100", bairro: "Centro" });
    expect(startMailWorker()).toBe(true);

    const mensagem = "Gostaria de visitar no sábado.\nPode ser às 10h?";
    expect(statusOf(await postContato({ ...VALID, mensagem, imovel_id: String(imovelId) }))).toBe(302);
    const [mail] = await smtp.waitFor(1);

    expect(mail.subject).toBe(`Novo contato sobre o imóvel ${codigoFor(imovelId)} – Rua Amazonas, 100 – Maria Souza`);
    expect(mail.replyTo?.value).toEqual([{ name: "Maria Souza", address: VALID.email }]);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value.map((a) => a.address) : null).toEqual([MAIL_TO]);
    expect(mail.from?.value[0].address).toBe(getEnv().AGENCY_EMAIL);
    expect(mail.text).toContain(mensagem);
    expect(mail.text).toContain(VALID.telefone);
    expect(mail.text).toContain(`/imovel/${imovelId}`);
    expect(mail.html).toContain("Gostaria de visitar no sábado.\nPode ser às 10h?");
    expect(mail.html).toContain(codigoFor(imovelId));

    const [row] = await until(outbox, (rows) => rows[0]?.status === "enviado");
    expect(row).toMatchObject({ attempts: 1, last_error: null, next_attempt_at: null, locked_by: null });
    expect(row.sent_at).toBeInstanceOf(Date);
  });

  it("a message without a listing says so in the subject", async () => {
    smtp = await startSmtpServer({ port });
    expect(startMailWorker()).toBe(true);
    expect(statusOf(await postContato(VALID))).toBe(302);
    const [mail] = await smtp.waitFor(1);
    expect(mail.subject).toBe("Novo contato pelo site – Maria Souza");
  });

  it("escapes everything the visitor typed in the HTML part", async () => {
    smtp = await startSmtpServer({ port });
    expect(startMailWorker()).toBe(true);
    const nome = 'Ana <img src=x onerror="alert(1)">';
    const mensagem = '<script>alert("oi")</script> & <b>negrito</b>';
    expect(statusOf(await postContato({ ...VALID, nome, mensagem }))).toBe(302);
    const [mail] = await smtp.waitFor(1);

    const html = String(mail.html);
    expect(html).toContain("&lt;script&gt;alert(&quot;oi&quot;)&lt;/script&gt; &amp; &lt;b&gt;negrito&lt;/b&gt;");
    expect(html).toContain("Ana &lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(html).not.toMatch(/<script|<img|<b>/i);
    // The plain-text part is text: it carries the message as typed.
    expect(mail.text).toContain(mensagem);
  });

  it("is queued in the message's transaction: when the outbox cannot be written, no message is stored", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    await getPool().query("RENAME TABLE mensagem_emails TO mensagem_emails_fora");
    try {
      expect(statusOf(await postContato(VALID))).toBe(503);
    } finally {
      await getPool().query("RENAME TABLE mensagem_emails_fora TO mensagem_emails");
      logged.mockRestore();
    }
    expect(await getDb().select().from(mensagens)).toEqual([]);
  });

  it("with the SMTP server down: the message is kept, pendente then falhou; after a restart with the server back it is delivered once", async () => {
    expect(statusOf(await postContato(VALID))).toBe(302);
    const [msg] = await getDb().select().from(mensagens);
    expect(msg.nome).toBe(VALID.nome);
    expect(await outbox()).toMatchObject([{ mensagem_id: msg.id, status: "pendente", attempts: 0 }]);

    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const first = worker();
    await first.runOnce();
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
    const [failed] = await outbox();
    expect(failed).toMatchObject({ status: "falhou", attempts: 1, locked_by: null });
    expect(failed.last_error).toMatch(/ECONNREFUSED/);
    expect(failed.last_error).not.toContain("s3nha");
    expect(failed.next_attempt_at).toBeInstanceOf(Date);

    // The process ends: its worker, then its pool. A new one starts once the SMTP server is back.
    await first.stop();
    await closeDb();
    smtp = await startSmtpServer({ port });
    expect(startMailWorker()).toBe(true);
    const [mail] = await smtp.waitFor(1);
    expect(mail.text).toContain(VALID.mensagem);
    const [sent] = await until(outbox, (rows) => rows[0]?.status === "enviado");
    expect(sent).toMatchObject({ attempts: 2, last_error: null });
    expect((await getDb().select().from(mensagens)).map((m) => m.id)).toEqual([msg.id]);
    // Stopped, the worker has finished every send it began: whatever it sent has been received.
    await stopMailWorker();
    expect(smtp.received).toHaveLength(1);
  });

  it("a worker that dies after claiming an e-mail holds it only until its lease runs out; then another sends it", async () => {
    smtp = await startSmtpServer({ port });
    expect(statusOf(await postContato(VALID))).toBe(302);
    const [row] = await outbox();
    expect(await claimDue("processo-morto", { limit: 5, leaseMs: 1_000 })).toEqual([row.id]);

    const survivor = worker();
    await survivor.runOnce();
    expect(smtp.received).toHaveLength(0); // still leased to the dead worker
    await smtp.waitFor(1, 5_000);
    const [sent] = await until(outbox, (rows) => rows[0]?.status === "enviado");
    expect(sent.attempts).toBe(2);
  });

  it("stops retrying after the backoff says so, and keeps the error", async () => {
    expect(statusOf(await postContato(VALID))).toBe(302);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    await worker({ backoff: () => null }).runOnce();
    logged.mockRestore();
    const [row] = await outbox();
    expect(row).toMatchObject({ status: "falhou", attempts: 1, next_attempt_at: null });
    expect(await getDb().select().from(mensagens).where(eq(mensagens.id, row.mensagem_id))).toHaveLength(1);
  });

  it("waits 30 s, 1 min, 2 min… up to an hour between attempts, as the outbox row says, and stops after MAX_ATTEMPTS", async () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(defaultBackoff)).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000]);
    expect(defaultBackoff(MAX_ATTEMPTS - 1)).toBe(3_600_000);
    expect(defaultBackoff(MAX_ATTEMPTS)).toBeNull();
    // No SMTP server on the port: every attempt is refused, and the worker files the next one.
    expect(statusOf(await postContato(VALID))).toBe(302);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const inSeconds = async () => {
      const [rows] = await getPool().query("SELECT attempts, status, TIMESTAMPDIFF(SECOND, NOW(3), next_attempt_at) AS s FROM mensagem_emails");
      return (rows as { attempts: number; status: string; s: number }[])[0];
    };
    try {
      const w = worker({ backoff: defaultBackoff });
      await w.runOnce();
      const first = await inSeconds();
      expect(first).toMatchObject({ attempts: 1, status: "falhou" });
      expect(first.s).toBeGreaterThan(25);
      expect(first.s).toBeLessThanOrEqual(30);
      // Three more failures behind it; made due now, the fifth attempt waits 8 minutes.
      await getPool().query("UPDATE mensagem_emails SET attempts = 4, next_attempt_at = NOW(3)");
      await w.runOnce();
      const fifth = await inSeconds();
      expect(fifth.attempts).toBe(5);
      expect(fifth.s).toBeGreaterThan(475);
      expect(fifth.s).toBeLessThanOrEqual(480);
      // The last one allowed: no next attempt; the inbox offers 'Tentar de novo'.
      await getPool().query(`UPDATE mensagem_emails SET attempts = ${MAX_ATTEMPTS - 1}, next_attempt_at = NOW(3)`);
      await w.runOnce();
      const [last] = await outbox();
      expect(last).toMatchObject({ attempts: MAX_ATTEMPTS, status: "falhou", next_attempt_at: null });
    } finally {
      logged.mockRestore();
    }
  });

  it("'Tentar de novo' in the inbox sends a failed e-mail once the SMTP server answers", async () => {
    expect(statusOf(await postContato(VALID))).toBe(302);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    await worker({ backoff: () => null }).runOnce();
    logged.mockRestore();
    const [failed] = await outbox();
    expect(failed).toMatchObject({ status: "falhou", next_attempt_at: null });

    smtp = await startSmtpServer({ port });
    const cookie = await adminCookie();
    const id = failed.mensagem_id;
    const res = (await detalhe.action({ request: req(`/admin/mensagens/${id}`, { urlencoded: { intent: "reenviar", _fetcher: "1" }, cookie }), params: { id: String(id) }, context: {} } as never)) as { data: unknown };
    expect(res.data).toMatchObject({ ok: true });
    const w = worker();
    await w.runOnce();
    const [mail] = await smtp.waitFor(1);
    expect(mail.text).toContain(VALID.mensagem);
    const [sent] = await outbox();
    expect(sent).toMatchObject({ status: "enviado", last_error: null });
    await w.stop();
    expect(smtp.received).toHaveLength(1);
  });
});
