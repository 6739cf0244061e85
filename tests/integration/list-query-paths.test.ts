// issue 11: the list queries read pages through a deferred join, from either end, with totals
// summed from the groups the last write counted. Whatever the path, a page must be exactly what the plain query
// (COUNT(*), then SELECT … ORDER BY … LIMIT … OFFSET) gives: same total, same rows, same order.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getPool } from "~/db/client.server";
import { imoveis, imovelFotos } from "~/db/schema";
import { contentWrite, markContentChanged } from "~/models/listings/content-version.server";
import { listAdmin } from "~/models/listings/imovel-admin.server";
import { insertImovel, listBairros, listPublic, listRelated, setAtivo } from "~/models/listings/imovel.server";
import { TIPOS, type Status } from "~/utils/enums";
import type { PublicCriteria, Sort } from "~/utils/search";
import { booleanQuery } from "~/utils/text-search";
import { resetDb } from "./db";
import { SYSTEM } from "~/models/history/history.server";

const STATUSES: Status[] = ["Locação", "Venda", "Temporada"];
const BAIRROS = ["Centro", "Jardim América", "Vila Paes", "Pozzobon", ""];

// A small deterministic generator: many ties in price and creation time, so the id tie-break shows.
function rng(seed: number) {
  return () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}

async function seed(n: number) {
  const rand = rng(42);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
  const base = Date.UTC(2026, 0, 1);
  const rows = Array.from({ length: n }, () => ({
    descricao: "",
    status: pick(STATUSES),
    tipo: pick(TIPOS.slice(0, 4)),
    ativo: rand() < 0.8 ? ("sim" as const) : ("nao" as const),
    preco: `${pick([500, 750, 1000, 1500, 250000, 300000])}.00`,
    quartos: Math.floor(rand() * 5),
    banheiros: Math.floor(rand() * 4),
    bairro: pick(BAIRROS),
    cidade: rand() < 0.9 ? "Votuporanga" : "Fernandópolis",
    created_at: new Date(base + Math.floor(rand() * 6) * 86_400_000),
    capa: rand() < 0.2 ? "escolhida.jpg" : null,
  }));
  await contentWrite((tx) => tx.insert(imoveis).values(rows));
  const [ids] = (await getPool().query("SELECT id FROM imoveis")) as unknown as [{ id: number }[]];
  const fotos = ids.filter((r) => r.id % 3 !== 0).flatMap((r) => [{ imovel_id: r.id, img: `f${r.id}b.jpg`, position: 1 }, { imovel_id: r.id, img: `f${r.id}a.jpg`, position: 0 }]);
  await contentWrite((tx) => tx.insert(imovelFotos).values(fotos));
  await markContentChanged();
}

// The plain queries, written out by hand.
function plainWhere(c: PublicCriteria) {
  const conds = ["ativo = 'sim'"];
  const params: unknown[] = [];
  const add = (cond: string, value: unknown) => (conds.push(cond), params.push(value));
  if (c.status) add("status = ?", c.status);
  if (c.tipo) add("tipo = ?", c.tipo);
  if (c.cidade) add("cidade = ?", c.cidade);
  if (c.bairro) add("bairro = ?", c.bairro);
  if (c.preco_min != null) add("preco >= ?", c.preco_min);
  if (c.preco_max != null) add("preco <= ?", c.preco_max);
  if (c.quartos) add("quartos >= ?", c.quartos);
  if (c.banheiros) add("banheiros >= ?", c.banheiros);
  if (c.words) add("MATCH(busca) AGAINST(? IN BOOLEAN MODE)", booleanQuery(c.words));
  return { sql: conds.join(" AND "), params };
}
const PLAIN_ORDER: Record<Exclude<Sort, "relevancia">, string> = { recentes: "created_at DESC, id DESC", preco_asc: "preco ASC, id DESC", preco_desc: "preco DESC, id DESC" };
// Relevance is the FULLTEXT score, and means the newest first without words.
function plainOrder(c: PublicCriteria, sort: Sort) {
  if (sort !== "relevancia") return { sql: PLAIN_ORDER[sort], params: [] };
  return c.words ? { sql: "MATCH(busca) AGAINST(? IN BOOLEAN MODE) DESC, id DESC", params: [booleanQuery(c.words)] } : { sql: PLAIN_ORDER.recentes, params: [] };
}
const CAPA = "COALESCE(capa, (SELECT f.img FROM imovel_fotos f WHERE f.imovel_id = imoveis.id ORDER BY f.position, f.id LIMIT 1))";

async function plainPage(c: PublicCriteria, sort: Sort, page: number, size: number) {
  const w = plainWhere(c);
  const [[{ n }]] = (await getPool().query(`SELECT COUNT(*) AS n FROM imoveis WHERE ${w.sql}`, w.params)) as unknown as [[{ n: number }]];
  const total = Number(n);
  const pageCount = Math.max(1, Math.ceil(total / size));
  const current = Math.min(Math.max(page, 1), pageCount);
  const o = plainOrder(c, sort);
  const [rows] = (await getPool().query(`SELECT id, ${CAPA} AS capa FROM imoveis WHERE ${w.sql} ORDER BY ${o.sql} LIMIT ? OFFSET ?`, [
    ...w.params,
    ...o.params,
    size,
    (current - 1) * size,
  ])) as unknown as [{ id: number; capa: string | null }[]];
  return { total, page: current, pageCount, rows };
}

const CRITERIA: PublicCriteria[] = [
  {},
  { status: "Venda" },
  { status: "Locação", tipo: TIPOS[0] },
  { status: "Locação", tipo: TIPOS[1], quartos: 2, preco_max: 1000 },
  { cidade: "Votuporanga", status: "Venda", tipo: TIPOS[0], quartos: 2, banheiros: 1 },
  { cidade: "Votuporanga", status: "Temporada" },
  { bairro: "Centro" },
  { status: "Venda", bairro: "vila paes" },
  { preco_min: 700, preco_max: 1500 },
  { tipo: TIPOS[2], banheiros: 2 },
  { status: "Venda", quartos: 3 },
  { cidade: "Votuporanga", tipo: TIPOS[1], quartos: 1, banheiros: 1 },
  { cidade: "Fernandópolis", status: "Locação" },
  // Words typed in the search box (issue 22): the FULLTEXT filter and, by default, its relevance order.
  { words: ["jardim"] },
  { words: ["america", "casa"] },
  { status: "Venda", words: ["apart"], quartos: 2 },
  { words: ["alugar", "fernandopolis"] },
  { words: ["nada", "disso"] },
];

describe("list query paths give the plain query's pages", () => {
  beforeAll(async () => {
    await resetDb();
    await seed(600);
  });
  afterAll(closeDb);

  it("same totals, rows, order and clamping for every filter, sort, depth and page size", async () => {
    let compared = 0;
    for (const c of CRITERIA) {
      for (const sort of ["recentes", "preco_asc", "preco_desc", "relevancia"] as Sort[]) {
        for (const size of [12, 7]) {
          const { pageCount } = await plainPage(c, sort, 1, size);
          const pages = new Set([1, 2, Math.ceil(pageCount / 2), Math.ceil(pageCount / 2) + 1, pageCount - 1, pageCount, pageCount + 1, 99_999]);
          for (const page of pages) {
            const plain = await plainPage(c, sort, page, size);
            const got = await listPublic(c, { sort, page, pageSize: size });
            const where = JSON.stringify({ c, sort, size, page });
            expect({ total: got.total, page: got.page, pageCount: got.pageCount }, where).toEqual({ total: plain.total, page: plain.page, pageCount: plain.pageCount });
            expect(got.data.map((d) => ({ id: d.id, capa: d.capa })), where).toEqual(plain.rows);
            compared++;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(300);
    // The word searches above compared real pages, not two empty ones.
    expect((await listPublic({ words: ["jardim"] })).total).toBeGreaterThan(50);
    expect((await listPublic({ words: ["america", "casa"] })).total).toBeGreaterThan(5);
  });

  it("the neighbourhoods are the plain SELECT DISTINCT's", async () => {
    const [rows] = (await getPool().query("SELECT DISTINCT bairro FROM imoveis IGNORE INDEX (imoveis_bairro_ativo_status_created_idx) WHERE ativo = 'sim' AND bairro <> '' ORDER BY bairro")) as unknown as [{ bairro: string }[]];
    expect(await listBairros()).toEqual(rows.map((r) => r.bairro));
    expect(rows.length).toBe(4);
  });

  it("related listings: the newest other active ones of the same status", async () => {
    const [[one]] = (await getPool().query("SELECT id, status FROM imoveis WHERE ativo = 'sim' ORDER BY id LIMIT 1")) as unknown as [[{ id: number; status: Status }]];
    const [rows] = (await getPool().query("SELECT id FROM imoveis WHERE ativo = 'sim' AND status = ? AND id <> ? ORDER BY created_at DESC, id DESC LIMIT 4", [one.status, one.id])) as unknown as [{ id: number }[]];
    expect((await listRelated(one)).map((r) => r.id)).toEqual(rows.map((r) => r.id));
  });

  it("admin pages, read from either end, are the plain query's too", async () => {
    const [all] = (await getPool().query("SELECT id FROM imoveis ORDER BY id DESC")) as unknown as [{ id: number }[]];
    for (const page of [1, 2, 15, 29, 30, 31, 99]) {
      const got = await listAdmin({ page, pageSize: 20 });
      const current = Math.min(page, Math.ceil(all.length / 20));
      expect(got.data.map((d) => d.id)).toEqual(all.slice((current - 1) * 20, current * 20).map((r) => r.id));
    }
  });

  it("a total follows every write through the models", async () => {
    const before = (await listPublic({ status: "Venda" })).total;
    const id = await insertImovel({ descricao: "", status: "Venda" });
    expect((await listPublic({ status: "Venda" })).total).toBe(before + 1);
    await setAtivo(SYSTEM, id, "nao");
    expect((await listPublic({ status: "Venda" })).total).toBe(before);
  });
});
