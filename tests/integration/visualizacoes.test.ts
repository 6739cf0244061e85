// Views per listing (issue 24) on a real database: counts kept in memory and summed per listing
// and São Paulo day, bots left out, one batch per flush, a failed flush kept for the next one and
// never thrown at the request that counted; the reads of the admin list and 'Home admin'.
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { closeDb, getDb, getPool } from "~/db/client.server";
import { imovelVisualizacoes, mensagens, whatsappToques } from "~/db/schema";
import { countVisualizacao, flushVisualizacoes, MAX_PENDING, pendingVisualizacoes, setVisualizacoesWriter } from "~/jobs/visualizacoes-counter.server";
import { addVisualizacoes, firstDayOf, mostViewed, spDay, visualizacoesOf } from "~/models/listings/visualizacoes.server";
import { seam } from "~/seam.server";
import { isBot } from "~/utils/bots";
import { seedImovel } from "./api-support";
import { resetDb } from "./db";
import { captureLog } from "../support/log-lines";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

async function rows() {
  const r = await getDb().select().from(imovelVisualizacoes);
  return r.map((x) => ({ imovelId: x.imovel_id, dia: x.dia, total: x.total })).sort((a, b) => a.imovelId - b.imovelId || a.dia.localeCompare(b.dia));
}

beforeEach(async () => {
  setVisualizacoesWriter();
  await flushVisualizacoes();
  await resetDb();
});
afterEach(() => {
  setVisualizacoesWriter();
  vi.restoreAllMocks();
});
afterAll(() => closeDb());

describe("the counter", () => {
  it("sums the views of a listing per São Paulo day and writes them in one batch", async () => {
    expect(pendingVisualizacoes()).toEqual([]);
    // 02:30 UTC on the 27th is still the 26th in São Paulo (UTC−3).
    const late = Date.parse("2026-11-27T02:30:00Z");
    const next = Date.parse("2026-11-27T03:30:00Z");
    for (let i = 0; i < 3; i++) countVisualizacao(7, CHROME, late);
    countVisualizacao(8, IPHONE, late);
    countVisualizacao(7, CHROME, next);
    const batches: number[] = [];
    const spy = vi.spyOn(getPool(), "query");
    setVisualizacoesWriter(async (batch) => {
      batches.push(batch.length);
      await addVisualizacoes(batch);
    });
    await flushVisualizacoes();
    expect(batches).toEqual([3]);
    // One statement for the three listing-days.
    expect(spy.mock.calls.filter(([q]) => /insert into `imovel_visualizacoes`/i.test(String(typeof q === "string" ? q : (q as { sql: string }).sql)))).toHaveLength(1);
    expect(await rows()).toEqual([
      { imovelId: 7, dia: "2026-11-26", total: 3 },
      { imovelId: 7, dia: "2026-11-27", total: 1 },
      { imovelId: 8, dia: "2026-11-26", total: 1 },
    ]);
    expect(pendingVisualizacoes()).toEqual([]);
    // A second flush adds to the row already there (ON DUPLICATE KEY UPDATE).
    countVisualizacao(8, IPHONE, late);
    countVisualizacao(8, IPHONE, late);
    await flushVisualizacoes();
    expect((await rows()).find((r) => r.imovelId === 8)?.total).toBe(3);
  });

  it("leaves bots, scripts and requests without a User-Agent out", async () => {
    const bots = [
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
      "WhatsApp/2.23.20.0",
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
      "curl/8.5.0",
      "",
      undefined,
    ];
    for (const ua of bots) expect(isBot(ua), String(ua)).toBe(true);
    expect(isBot(CHROME)).toBe(false);
    expect(isBot(IPHONE)).toBe(false);
    for (const ua of bots) seam.countVisualizacao(5, ua);
    expect(pendingVisualizacoes()).toEqual([]);
    seam.countVisualizacao(5, CHROME);
    expect(pendingVisualizacoes()).toEqual([{ imovelId: 5, dia: spDay(new Date()), total: 1 }]);
    await flushVisualizacoes();
    expect(await rows()).toEqual([{ imovelId: 5, dia: spDay(new Date()), total: 1 }]);
  });

  it("keeps the counts of a failed flush for the next one, without throwing at the caller", async () => {
    const log = captureLog();
    setVisualizacoesWriter(async () => {
      throw Object.assign(new Error("Connection lost"), { code: "PROTOCOL_CONNECTION_LOST" });
    });
    // What a request does: count, and go on. The seam's member returns nothing and never throws.
    expect(seam.countVisualizacao(3, CHROME)).toBeUndefined();
    seam.countVisualizacao(3, CHROME);
    await expect(flushVisualizacoes()).resolves.toBeUndefined();
    const errors = log.lines().filter((l) => l.level === "error");
    log.restore();
    expect(errors).toHaveLength(1);
    expect(errors[0].msg).toMatch(/Visualizações não gravadas/);
    expect(await rows()).toEqual([]);
    // Counted meanwhile, then the database is back: both reach the table.
    seam.countVisualizacao(3, CHROME);
    setVisualizacoesWriter();
    await flushVisualizacoes();
    expect(await rows()).toEqual([{ imovelId: 3, dia: spDay(new Date()), total: 3 }]);
  });

  it("holds at most MAX_PENDING listing-days while the database is away", async () => {
    // Its one line (the count is full) is not what this test is about: kept quiet.
    captureLog();
    const now = Date.now();
    for (let id = 1; id <= MAX_PENDING + 10; id++) countVisualizacao(id, CHROME, now);
    expect(pendingVisualizacoes()).toHaveLength(MAX_PENDING);
    // A listing-day already held still counts.
    countVisualizacao(1, CHROME, now);
    expect(pendingVisualizacoes().find((r) => r.imovelId === 1)?.total).toBe(2);
    // Written in statements of 1,000 rows, all of them.
    await flushVisualizacoes();
    expect((await rows()).length).toBe(MAX_PENDING);
    expect(pendingVisualizacoes()).toEqual([]);
  });
});

describe("the batch", () => {
  it("is written whole or not at all, however many statements it takes", async () => {
    const today = spDay(new Date());
    const batch = Array.from({ length: 1500 }, (_, i) => ({ imovelId: i + 1, dia: today, total: 1 }));
    // The last row, in the second statement, is refused by the column (unsigned).
    batch[1499].total = -1;
    await expect(addVisualizacoes(batch)).rejects.toThrow();
    expect(await rows()).toEqual([]);
    batch[1499].total = 1;
    await addVisualizacoes(batch);
    expect(await rows()).toHaveLength(1500);
  });
});

describe("the reads", () => {
  it("sums the last 30 days of each listing, today included, and ranks the most viewed beside their messages", async () => {
    const [a, b, c] = [await seedImovel({ endereco: "Rua A" }), await seedImovel({ endereco: "Rua B" }), await seedImovel({ endereco: "Rua C" })];
    const today = spDay(new Date());
    await addVisualizacoes([
      { imovelId: a, dia: today, total: 4 },
      { imovelId: a, dia: firstDayOf(30), total: 2 },
      // The 31st day back is out.
      { imovelId: a, dia: firstDayOf(31), total: 100 },
      { imovelId: b, dia: firstDayOf(10), total: 9 },
      { imovelId: c, dia: firstDayOf(40), total: 50 },
      // A listing deleted since: counted in the table, shown nowhere.
      { imovelId: 999_999, dia: today, total: 500 },
    ]);
    const views = await visualizacoesOf([a, b, c, 4242]);
    expect(Object.fromEntries(views)).toEqual({ [a]: 6, [b]: 9 });
    expect(await visualizacoesOf([])).toEqual(new Map());
    await getDb().insert(mensagens).values([
      { nome: "Ana", email: "ana@teste.com.br", telefone: "(17) 3421-0000", mensagem: "Oi", imovel_id: a },
      { nome: "Bia", email: "bia@teste.com.br", telefone: "(17) 3421-0000", mensagem: "Oi", imovel_id: a },
      { nome: "Caio", email: "caio@teste.com.br", telefone: "(17) 3421-0000", mensagem: "Antiga", imovel_id: b, created_at: new Date(Date.now() - 40 * 86_400_000) },
    ]);
    // WhatsApp taps of the same 30 days, in the same read: the 31st day back is out, and a listing
    // with taps but no views is not in the ranking.
    await getDb().insert(whatsappToques).values([
      { imovel_id: a, dia: today, total: 3 },
      { imovel_id: a, dia: firstDayOf(30), total: 1 },
      { imovel_id: a, dia: firstDayOf(31), total: 70 },
      { imovel_id: c, dia: today, total: 8 },
    ]);
    const top = await mostViewed(5);
    expect(top.map((r) => ({ id: r.id, endereco: r.endereco, visualizacoes: r.visualizacoes, mensagens: r.mensagens, whatsapp: r.whatsapp }))).toEqual([
      { id: b, endereco: "Rua B", visualizacoes: 9, mensagens: 0, whatsapp: 0 },
      { id: a, endereco: "Rua A", visualizacoes: 6, mensagens: 2, whatsapp: 4 },
    ]);
    expect(await mostViewed(1)).toHaveLength(1);
  });
});
