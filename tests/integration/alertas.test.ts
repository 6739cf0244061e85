// The e-mail alerts of new listings (issue 32 §2, decision 0037): the confirmation, the digest's
// matching (the list page's own search, on the listings that became public since the last e-mail),
// one digest per alert and day however many runs, the weekly frequency, the tokens, the expiry of
// the unconfirmed, through the outbox and a real SMTP server on 127.0.0.1.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ParsedMail } from "mailparser";
import { getDb, getPool } from "~/db/client.server";
import { getEnv } from "~/env.server";
import { alertaEnvios, alertas } from "~/db/schema";
import { cancelAlerta, confirmAlerta, deleteUnconfirmed, findAlerta, setFrequencia, subscribe } from "~/models/alerts/alerta.server";
import { queueDigests } from "~/models/alerts/alerta-digest.server";
import { SYSTEM } from "~/models/history/history.server";
import { insertImovel, setAtivo } from "~/models/listings/imovel.server";
import { runAlertasTick } from "~/jobs/alertas.server";
import { alertaBuscaOf, alertaText } from "~/utils/alertas";
import { addDays, agencyToday } from "~/utils/mensagem";
import { parseListFilter } from "~/utils/search-schema";
import { outbox, until, useMailBench } from "./mail-support";

const bench = useMailBench();

const EMAIL = "visitante@exemplo.com.br";
const DAY = 86_400_000;
const tick = () => new Promise((r) => setTimeout(r, 5));

const busca = (path: string) => alertaBuscaOf(path, parseListFilter)!;
const casa = (over: Record<string, unknown> = {}) =>
  insertImovel({ descricao: "<p>Casa nova</p>", status: "Locação", tipo: "Casa", bairro: "Centro", preco: "1500.00", endereco: "Rua Goiás", numero: "10", ...over });

/** A header as it was written (mailparser reads the List-* headers into objects of its own). */
const rawHeader = (mail: ParsedMail, name: string) => mail.headerLines.find((h) => h.key === name)?.line.replace(/^[^:]+:\s*/, "");

/** The token of the link `path` in a mail's text (/alertas/confirmar/<token>…). */
function tokenIn(mail: ParsedMail, path: string) {
  const m = new RegExp(`${path}/([A-Za-z0-9_-]{43})`).exec(String(mail.text));
  expect(m, `link ${path} in:\n${mail.text}`).toBeTruthy();
  return m![1];
}

/** Subscribes, sends the confirmation, confirms it: the alert's token. */
async function confirmedAlert(path: string, smtp: Awaited<ReturnType<typeof bench.startSmtp>>, worker: ReturnType<typeof bench.worker>) {
  const before = smtp.received.length;
  expect(await subscribe(EMAIL, busca(path), "10.0.0.1")).toEqual({ ok: true });
  await worker.runOnce();
  const [mail] = (await smtp.waitFor(before + 1)).slice(before);
  expect(mail.subject).toBe("Confirme seu alerta de imóveis");
  const token = tokenIn(mail, "/alertas/confirmar");
  expect((await confirmAlerta(token)).kind).toBe("confirmado");
  await tick();
  return token;
}

describe("an alert of new listings", () => {
  it("sends only the confirmation until confirmed; then one digest with only the new matching listing; nothing more that day or the next", async () => {
    const smtp = await bench.startSmtp();
    const worker = bench.worker();
    const old = await casa({ bairro: "Centro" });
    expect(await subscribe(EMAIL, busca("/locacao?tipo=Casa&bairro=Centro&page=2&ordem=preco_asc"), "10.0.0.1")).toEqual({ ok: true });
    await worker.runOnce();
    const [confirmacao] = await smtp.waitFor(1);
    expect(confirmacao.to && !Array.isArray(confirmacao.to) ? confirmacao.to.value[0].address : null).toBe(EMAIL);
    expect(rawHeader(confirmacao, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(String(confirmacao.html)).toContain("Confirmar alerta");
    const token = tokenIn(confirmacao, "/alertas/confirmar");

    // Unconfirmed: a new matching listing is no news to anyone.
    await casa();
    expect(await queueDigests()).toEqual({ verificados: 0, enfileirados: 0 });

    expect((await confirmAlerta(token)).kind).toBe("confirmado");
    expect((await confirmAlerta(token)).kind).toBe("ja_confirmado");
    await tick();
    const novo = await casa({ preco: "2345.60", capa: "0123456789abcdef0123.jpg" });
    const outroBairro = await casa({ bairro: "Pozzobon" });
    const venda = await casa({ status: "Venda" });
    const inativo = await casa({ ativo: "nao" });
    expect([old, outroBairro, venda, inativo]).not.toContain(novo);

    expect(await queueDigests()).toEqual({ verificados: 1, enfileirados: 1 });
    await worker.runOnce();
    const [digest] = (await smtp.waitFor(2)).slice(1);
    expect(digest.subject).toBe("1 novo imóvel para a sua busca: Imóveis para locação · Casa · Centro");
    const text = String(digest.text);
    expect(text).toContain(`/imovel/${novo}`);
    for (const id of [old, outroBairro, venda, inativo]) expect(text).not.toContain(`/imovel/${id}\n`);
    expect(text).toContain("R$ 2.345,60 /mês");
    expect(String(digest.html)).toContain("R$ 2.345,60 /mês");
    // Absolute links and the cover as an absolute JPEG (PUBLIC_URL): a mail client has no site to resolve against.
    const site = getEnv().PUBLIC_URL;
    expect(String(digest.html)).toContain(`href="${site}/imovel/${novo}"`);
    expect(String(digest.html)).toContain(`<img src="${site}/img/0123456789abcdef0123.jpg"`);
    expect(String(digest.html)).not.toMatch(/(href|src)="\//);
    expect(rawHeader(digest, "list-unsubscribe")).toMatch(/^<http:\/\/.+\/alertas\/sair\/[A-Za-z0-9_-]{43}>$/);
    expect(rawHeader(digest, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");

    // The same day again (another process, a restart): nothing. The next day: nothing new, no e-mail.
    expect(await queueDigests()).toEqual({ verificados: 0, enfileirados: 0 });
    expect(await queueDigests(new Date(Date.now() + DAY))).toEqual({ verificados: 1, enfileirados: 0 });
    await worker.runOnce();
    expect(smtp.received).toHaveLength(2);
    expect((await outbox()).every((r) => r.status === "enviado")).toBe(true);
  });

  it("a listing switched from inactive to active after the confirmation is new; one already public before is not", async () => {
    const smtp = await bench.startSmtp();
    const worker = bench.worker();
    const antes = await casa();
    const depois = await casa({ ativo: "nao" });
    await confirmedAlert("/locacao", smtp, worker);
    expect(await setAtivo(SYSTEM, depois, "sim")).toBe(true);
    expect(await queueDigests()).toEqual({ verificados: 1, enfileirados: 1 });
    const [envio] = await getDb().select().from(alertaEnvios).where(eqTipo("resumo"));
    expect(envio.imoveis).toEqual([depois]);
    expect(envio.imoveis).not.toContain(antes);
  });

  it("the words of the search box are part of the search", async () => {
    const smtp = await bench.startSmtp();
    const worker = bench.worker();
    await confirmedAlert("/imoveis?q=piscina", smtp, worker);
    const com = await casa({ descricao: "<p>Casa com piscina aquecida</p>" });
    await casa({ descricao: "<p>Casa com quintal grande</p>" });
    expect(await queueDigests()).toEqual({ verificados: 1, enfileirados: 1 });
    const [envio] = await getDb().select().from(alertaEnvios).where(eqTipo("resumo"));
    expect(envio.imoveis).toEqual([com]);
  });

  it("every filter of the list page is part of the search, suítes and vagas included, and said in words", async () => {
    const smtp = await bench.startSmtp();
    const worker = bench.worker();
    const b = busca("/venda?tipo=Casa&quartos=3&suites=2&banheiros=2&vagas=2&ordem=preco_asc");
    expect(Object.fromEntries(new URLSearchParams(b.consulta))).toEqual({ tipo: "Casa", quartos: "3", suites: "2", banheiros: "2", vagas: "2" });
    expect(alertaText(b, parseListFilter(new URLSearchParams(b.consulta)))).toBe("Imóveis à venda · Casa · 3+ quartos · 2+ suítes · 2+ banheiros · 2+ vagas");
    await confirmedAlert("/venda?tipo=Casa&quartos=3&suites=2&banheiros=2&vagas=2", smtp, worker);
    const rooms = { status: "Venda", quartos: 3, banheiros: 2 };
    const cabe = await casa({ ...rooms, suite: 2, garagem: 2 });
    await casa({ ...rooms, suite: 1, garagem: 2 });
    await casa({ ...rooms, suite: 2, garagem: 1 });
    expect(await queueDigests()).toEqual({ verificados: 1, enfileirados: 1 });
    const [envio] = await getDb().select().from(alertaEnvios).where(eqTipo("resumo"));
    expect(envio.imoveis).toEqual([cabe]);
  });

  it("the digests wait for ALERTAS_HORA (08:00 São Paulo unless set): nothing is looked at before; from then on a tick queues the day's", async () => {
    expect(getEnv().ALERTAS_HORA).toBe("08:00");
    const smtp = await bench.startSmtp();
    const worker = bench.worker();
    await confirmedAlert("/locacao", smtp, worker);
    const novo = await casa();
    // Tomorrow, so that the listing is older than either instant whatever the time the test runs.
    const tomorrow = addDays(agencyToday(), 1);
    expect(runAlertasTick(new Date(`${tomorrow}T07:59:59-03:00`))).toBeUndefined();
    expect(await getDb().select().from(alertaEnvios).where(eqTipo("resumo"))).toEqual([]);
    await runAlertasTick(new Date(`${tomorrow}T08:00:00-03:00`));
    const [envio] = await getDb().select().from(alertaEnvios).where(eqTipo("resumo"));
    expect([envio.dia, envio.imoveis]).toEqual([tomorrow, [novo]]);
  });

  it("two runs at once queue one digest; a run that lost its mark of the day cannot queue a second (unique per alert and day)", async () => {
    const smtp = await bench.startSmtp();
    const worker = bench.worker();
    await confirmedAlert("/locacao", smtp, worker);
    await casa();
    const now = new Date();
    const runs = await Promise.all([queueDigests(now), queueDigests(now), queueDigests(now)]);
    expect(runs.reduce((n, r) => n + r.enfileirados, 0)).toBe(1);
    // As if the day's mark were lost (a crash between two writes cannot do it: they are one transaction).
    await getPool().query("UPDATE alertas SET verificado_dia = NULL, desde = DATE_SUB(NOW(3), INTERVAL 1 HOUR)");
    expect((await queueDigests(now)).enfileirados).toBe(0);
    expect(await getDb().select().from(alertaEnvios).where(eqTipo("resumo"))).toHaveLength(1);
  });

  it("'No máximo uma vez por semana': news waits until 7 days after the last digest", async () => {
    const smtp = await bench.startSmtp();
    const worker = bench.worker();
    const token = await confirmedAlert("/locacao", smtp, worker);
    expect(await setFrequencia(token, "semanal")).toBe(true);
    await casa();
    expect((await queueDigests()).enfileirados).toBe(1);
    await tick();
    await casa();
    for (const d of [1, 3, 6]) expect((await queueDigests(new Date(Date.now() + d * DAY))).enfileirados).toBe(0);
    expect((await queueDigests(new Date(Date.now() + 7 * DAY))).enfileirados).toBe(1);
  });

  it("stores a hash of the token, never the token; a wrong or malformed token finds nothing; cancelling deletes the alert and its e-mails", async () => {
    const smtp = await bench.startSmtp();
    const worker = bench.worker();
    const token = await confirmedAlert("/venda", smtp, worker);
    const [row] = await getPool().query("SELECT * FROM alertas");
    expect(JSON.stringify(row)).not.toContain(token);
    expect(await findAlerta(token)).not.toBeNull();
    expect(await findAlerta(token.slice(0, -1) + (token.endsWith("A") ? "B" : "A"))).toBeNull();
    expect(await findAlerta("x'; DROP TABLE alertas; --")).toBeNull();
    expect(await cancelAlerta(token)).toBe(true);
    expect(await cancelAlerta(token)).toBe(false);
    expect(await getDb().select().from(alertas)).toHaveLength(0);
    expect(await outbox()).toHaveLength(0);
  });

  it("the same e-mail and search twice is one alert; a confirmed one gets no second confirmation", async () => {
    const smtp = await bench.startSmtp();
    const worker = bench.worker();
    await confirmedAlert("/locacao?tipo=Casa", smtp, worker);
    expect(await subscribe(EMAIL.toUpperCase(), busca("/locacao?tipo=Casa&page=3"), "10.0.0.2")).toEqual({ ok: true });
    await worker.runOnce();
    expect(await getDb().select().from(alertas)).toHaveLength(1);
    expect(smtp.received).toHaveLength(1);
  });

  it("unconfirmed alerts are deleted after 7 days; confirmed ones and recent ones stay", async () => {
    const smtp = await bench.startSmtp();
    const worker = bench.worker();
    await confirmedAlert("/locacao", smtp, worker);
    await subscribe("outro@exemplo.com", busca("/venda"), "10.0.0.3");
    await subscribe("velho@exemplo.com", busca("/venda"), "10.0.0.4");
    await getPool().query("UPDATE alertas SET created_at = NOW() - INTERVAL 8 DAY WHERE email <> 'outro@exemplo.com'");
    expect(await deleteUnconfirmed()).toBe(1);
    const left = (await getDb().select().from(alertas)).map((a) => a.email).sort();
    expect(left).toEqual(["outro@exemplo.com", EMAIL]);
  });

  it("too many subscriptions from one address are refused for a while", async () => {
    for (let i = 0; i < 5; i++) expect((await subscribe(`p${i}@exemplo.com`, busca("/venda"), "10.9.9.9")).ok).toBe(true);
    const refused = await subscribe("p6@exemplo.com", busca("/venda"), "10.9.9.9");
    expect(refused.ok).toBe(false);
    await until(async () => (await getDb().select().from(alertas)).length, (n) => n === 5);
  });
});

const eqTipo = (tipo: "resumo" | "confirmacao") => eq(alertaEnvios.tipo, tipo);
