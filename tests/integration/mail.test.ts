// The agency e-mail of every visitor message (produto §11), through a real SMTP server on 127.0.0.1.
import { describe, expect, it } from "vitest";
import { closeDb, getDb, getPool } from "~/db/client.server";
import { mensagens } from "~/db/schema";
import { getEnv } from "~/env.server";
import { startMailWorker, stopMailWorker } from "~/jobs/mail-worker.server";
import { insertImovel } from "~/models/listings/imovel.server";
import { claimDue } from "~/models/messages/mensagem-outbox.server";
import { codigoFor } from "~/utils/imovel";
import { VALID, postContato } from "./contato-support";
import { MAIL_TO, outbox, until, useMailBench } from "./mail-support";
import { captureLog } from "../support/log-lines";

const bench = useMailBench();

describe("the agency e-mail of a message", () => {
  it("arrives with the visitor's text, the listing's code and address, Reply-To the visitor, text and HTML parts", async () => {
    const smtp = await bench.startSmtp();
    const imovelId = await insertImovel({ descricao: "<p>Casa</p>", endereco: "Rua Amazonas", numero: "100", bairro: "Centro" });
    expect(startMailWorker()).toBe(true);

    const mensagem = "Gostaria de visitar no sábado.\nPode ser às 10h?";
    expect((await postContato({ ...VALID, mensagem, imovel_id: String(imovelId) })).status).toBe(302);
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
    const smtp = await bench.startSmtp();
    expect(startMailWorker()).toBe(true);
    expect((await postContato(VALID)).status).toBe(302);
    const [mail] = await smtp.waitFor(1);
    expect(mail.subject).toBe("Novo contato pelo site – Maria Souza");
  });

  it("escapes everything the visitor typed in the HTML part", async () => {
    const smtp = await bench.startSmtp();
    expect(startMailWorker()).toBe(true);
    const nome = 'Ana <img src=x onerror="alert(1)">';
    const mensagem = '<script>alert("oi")</script> & <b>negrito</b>';
    expect((await postContato({ ...VALID, nome, mensagem })).status).toBe(302);
    const [mail] = await smtp.waitFor(1);

    const html = String(mail.html);
    expect(html).toContain("&lt;script&gt;alert(&quot;oi&quot;)&lt;/script&gt; &amp; &lt;b&gt;negrito&lt;/b&gt;");
    expect(html).toContain("Ana &lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(html).not.toMatch(/<script|<img|<b>/i);
    // The plain-text part is text: it carries the message as typed.
    expect(mail.text).toContain(mensagem);
  });

  it("is queued in the message's transaction: when the outbox cannot be written, no message is stored", async () => {
    const logged = captureLog();
    await getPool().query("RENAME TABLE mensagem_emails TO mensagem_emails_fora");
    try {
      expect((await postContato(VALID)).status).toBe(503);
    } finally {
      await getPool().query("RENAME TABLE mensagem_emails_fora TO mensagem_emails");
      logged.restore();
    }
    expect(await getDb().select().from(mensagens)).toEqual([]);
  });

  it("with the SMTP server down: the message is kept, pendente then falhou; after a restart with the server back it is delivered once", async () => {
    expect((await postContato(VALID)).status).toBe(302);
    const [msg] = await getDb().select().from(mensagens);
    expect(msg.nome).toBe(VALID.nome);
    expect(await outbox()).toMatchObject([{ mensagem_id: msg.id, status: "pendente", attempts: 0 }]);

    const logged = captureLog();
    // Only the pass the test runs: a worker polling every 100 ms would try again once the 300 ms
    // backoff is over, before a busy machine lets the test read the row (seen: attempts 2).
    const first = bench.worker({ pollMs: 3_600_000 });
    await first.runOnce();
    expect(logged.lines().some((l) => l.sub === "mail" && l.level === "error"), logged.raw()).toBe(true);
    logged.restore();
    const [failed] = await outbox();
    expect(failed).toMatchObject({ status: "falhou", attempts: 1, locked_by: null });
    expect(failed.last_error).toMatch(/ECONNREFUSED/);
    expect(failed.last_error).not.toContain("s3nha");
    expect(failed.next_attempt_at).toBeInstanceOf(Date);

    // The process ends: its worker, then its pool. A new one starts once the SMTP server is back.
    await first.stop();
    await closeDb();
    const smtp = await bench.startSmtp();
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
    const smtp = await bench.startSmtp();
    expect((await postContato(VALID)).status).toBe(302);
    const [row] = await outbox();
    // A lease far longer than the test: its end is moved by the test below, never raced against.
    expect(await claimDue("processo-morto", { limit: 5, leaseMs: 60 * 60_000 })).toEqual([row.id]);

    const survivor = bench.worker();
    await survivor.runOnce();
    expect(smtp.received).toHaveLength(0); // still leased to the dead worker
    expect(await outbox()).toMatchObject([{ status: "pendente", locked_by: "processo-morto", attempts: 1 }]);
    // The lease runs out: its end moves to the past, as the clock would take it there.
    await getPool().query("UPDATE mensagem_emails SET locked_until = NOW(3) - INTERVAL 1 SECOND WHERE id = ?", [row.id]);
    await smtp.waitFor(1);
    const [sent] = await until(outbox, (rows) => rows[0]?.status === "enviado");
    expect(sent.attempts).toBe(2);
  });
});
