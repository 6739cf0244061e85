// List queries on 10,000 listings: `npm run bench` (part of it) or `tsx scripts/bench-lists.ts`.
// Uses its own database (BENCH_DATABASE_URL, default imobiliaria_bench) and image folder.
// 100,000 listings (issue 11): BENCH_LISTINGS=100000. Every query of a public page is timed warm and,
// where it counts a total, cold: right after a write, as the first visitor after an edit sees it
// (the write has just recounted the groups, list-totals.server.ts). Then the EXPLAIN of each statement
// it runs. BENCH_LISTINGS=0 uses the database as it is (no seeding).
import os from "node:os";
import path from "node:path";

process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL ?? "mysql://root@127.0.0.1:3306/imobiliaria_bench";
// Named after the database, so benches of several checkouts never share a folder.
process.env.IMG_DIR = path.join(os.tmpdir(), `${new URL(process.env.DATABASE_URL).pathname.slice(1)}-img`);
process.env.ADMIN_PASSWORD ??= "bench-password-123";

const { createDatabaseIfMissing, runMigrations } = await import("~/db/setup.server");
const { closeDb, getDb, getPool } = await import("~/db/client.server");
const { seedBulk } = await import("~/seed/seed.server");
const { getPublicImovel, listBairros, listHome, listPublic, listRelated } = await import("~/models/listings/imovel.server");
const { listSitemapChunks, listSitemapImoveis, SITEMAP_CHUNK_IDS } = await import("~/models/listings/sitemap.server");
const { getBanner } = await import("~/models/listings/banner.server");
const { markContentChanged } = await import("~/models/listings/content-version.server");
const { clearPublicReads } = await import("~/models/listings/public-reads.server");
const { imovelSummary, listAdmin, listRecentlyEdited } = await import("~/models/listings/imovel-admin.server");
const { countUnread, inboxSummary, listMensagens } = await import("~/models/messages/mensagem-inbox.server");
const { mensagens } = await import("~/db/schema");
const { sql } = await import("drizzle-orm");

const N = Number(process.env.BENCH_LISTINGS ?? 10_000);
await createDatabaseIfMissing(process.env.DATABASE_URL);
await runMigrations(process.env.DATABASE_URL);
const [[{ n }]] = (await getDb().execute(sql`SELECT COUNT(*) AS n FROM imoveis`)) as unknown as [[{ n: number }]];
if (Number(n) < N) {
  console.log(`Semeando ${N - Number(n)} imóveis…`);
  await seedBulk(N - Number(n), () => {});
}
// The listings now there (a first run seeds them: `n` was counted before).
const [[{ n: listings }]] = (await getDb().execute(sql`SELECT COUNT(*) AS n FROM imoveis`)) as unknown as [[{ n: number }]];

// The inbox: BENCH_MENSAGENS messages (default 10,000), a fifth archived, most read.
const M = Number(process.env.BENCH_MENSAGENS ?? 10_000);
const [[{ m }]] = (await getDb().execute(sql`SELECT COUNT(*) AS m FROM mensagens`)) as unknown as [[{ m: number }]];
for (let done = Number(m); done < M; done += 1000) {
  const rows = Array.from({ length: Math.min(1000, M - done) }, (_, k) => {
    const i = done + k;
    return {
      nome: `Visitante ${i}`,
      email: `visitante${i}@exemplo.com.br`,
      telefone: `(17) 9${String(10_000_000 + i).slice(-8, -4)}-${String(i).padStart(4, "0").slice(-4)}`,
      mensagem: "Olá, gostaria de mais informações sobre o imóvel.",
      imovel_id: i % 3 === 0 ? (i % Number(listings || 1)) + 1 : null,
      lida: i % 10 !== 3,
      arquivada: i % 5 === 0,
      created_at: new Date(Date.now() - (M - i) * 60_000),
    };
  });
  await getDb().insert(mensagens).values(rows);
}

type Timing = { median: number; p95: number };
const RUNS = 25;
async function measure(fn: () => Promise<unknown>, before?: () => Promise<unknown>): Promise<Timing> {
  await fn();
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    await before?.();
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return { median: ms[Math.floor(RUNS / 2)], p95: ms[Math.floor(RUNS * 0.95)] };
}

// The statements a call sends (drizzle queries the pool), each EXPLAINed afterwards.
type Sent = { text: string; params: unknown[] };
let sent: Sent[] | null = null;
const pool = getPool();
const poolQuery = pool.query.bind(pool) as (q: unknown, p?: unknown) => Promise<unknown>;
(pool as unknown as { query: typeof poolQuery }).query = (q, p) => {
  sent?.push({ text: typeof q === "string" ? q : (q as { sql: string }).sql, params: (p as unknown[]) ?? [] });
  return poolQuery(q, p);
};
async function explain(fn: () => Promise<unknown>) {
  await markContentChanged();
  sent = [];
  await fn();
  const statements = sent.filter((s) => /^\s*select/i.test(s.text) && !/^select `version` from `content_version`/i.test(s.text));
  sent = null;
  const lines: string[] = [];
  for (const s of statements) {
    const [plan] = (await pool.query("EXPLAIN " + s.text, s.params)) as unknown as [Record<string, unknown>[]];
    const what = /COUNT\(\*\)/.test(s.text) ? "total" : /list_totals/.test(s.text) ? "total (grupos da escrita)" : "linhas";
    lines.push(`${what}: ${plan.map((r) => `${r.table}: key=${r.key} rows=${r.rows}${r.Extra ? ` ${r.Extra}` : ""}`).join(" | ")}`);
  }
  return lines;
}

type Row = { label: string; warm: Timing; cold?: Timing; plan?: string[] };
/**
 * A public query: timed warm, cold too when it counts a total (cold = after a write), and EXPLAINed.
 * Warm still goes to the database: the reads kept per version (public-reads.server.ts) are emptied
 * before each run, as for a page nobody asked for since the last write (a crawler's next page).
 */
async function publicQuery(label: string, fn: () => Promise<unknown>, counts = false): Promise<Row> {
  const warm = await measure(fn, async () => clearPublicReads());
  const cold = counts ? await measure(fn, markContentChanged) : undefined;
  return { label, warm, cold, plan: await explain(fn) };
}
const adminQuery = async (label: string, fn: () => Promise<unknown>): Promise<Row> => ({ label, warm: await measure(fn) });

// The search box (issue 22): the bench's listings share a small vocabulary (10 bairros, 14 streets, a
// few phrases), so a rare word is planted in 1 listing of 2,000 ("represa"), idempotently.
const { contentWrite } = await import("~/models/listings/content-version.server");
await contentWrite((tx) =>
  tx.execute(sql`UPDATE imoveis SET descricao = CONCAT(descricao, '<p>Vista para a represa.</p>') WHERE id % 2000 = 7 AND descricao NOT LIKE '%represa%'`),
);
/** How many listings a word search finds (the cost of InnoDB's full-text search grows with it). */
async function wordCount(words: string[]) {
  return (await listPublic({ words }, { pageSize: 1 })).total;
}
const searches = [["represa"], ["pozzobon"], ["sobrado", "pozzobon", "tiete"], ["casa"]];
const searchCounts = await Promise.all(searches.map(wordCount));

const [bairro] = await listBairros();
let nextPage = 3500;
const publicRows: Row[] = [
  await publicQuery("home (banner + 3 lists 6/6/3)", async () => [await getBanner(), await Promise.all([listHome("Locação", 6), listHome("Venda", 6), listHome("Temporada", 3)])]),
  await publicQuery("/imoveis page 1", () => listPublic({}), true),
  await publicQuery("/imoveis page 400", () => listPublic({}, { page: 400 }), true),
  await publicQuery("/imoveis page 7000", () => listPublic({}, { page: 7000 }), true),
  await publicQuery("/imoveis menor preço", () => listPublic({}, { sort: "preco_asc" }), true),
  await publicQuery("/venda page 2000", () => listPublic({ status: "Venda" }, { page: 2000 }), true),
  await publicQuery("/venda sorted by price", () => listPublic({ status: "Venda" }, { sort: "preco_asc" }), true),
  await publicQuery("/venda maior preço, page 1000", () => listPublic({ status: "Venda" }, { sort: "preco_desc", page: 1000 }), true),
  await publicQuery("/venda menor preço, page 2000", () => listPublic({ status: "Venda" }, { sort: "preco_asc", page: 2000 }), true),
  await publicQuery("/imoveis maior preço, page 3000", () => listPublic({}, { sort: "preco_desc", page: 3000 }), true),
  // A crawler following "next": each run reads the page after the last one read.
  await publicQuery("/imoveis maior preço, the next page (3500, 3501…)", () => listPublic({}, { sort: "preco_desc", page: nextPage++ }), true),
  await publicQuery(`/venda bairro ${bairro}`, () => listPublic({ status: "Venda", bairro }), true),
  await publicQuery("/locacao filtered (Casa, ≥3 quartos, ≤ R$ 3.000)", () => listPublic({ status: "Locação", tipo: "Casa", quartos: 3, preco_max: 3000 }), true),
  await publicQuery("home search (Venda, Casa, ≥2/≥2)", () => listPublic({ cidade: "Votuporanga", status: "Venda", tipo: "Casa", quartos: 2, banheiros: 2 }), true),
  await publicQuery("home search (Locação, qualquer)", () => listPublic({ cidade: "Votuporanga", status: "Locação" }), true),
  await publicQuery(`busca 'represa' (rare: ${searchCounts[0]} listings)`, () => listPublic({ words: searches[0] }), true),
  await publicQuery(`busca 'pozzobon' (one word: ${searchCounts[1]} listings)`, () => listPublic({ words: searches[1] }), true),
  await publicQuery(`busca 'sobrado pozzobon tiete' (three words: ${searchCounts[2]})`, () => listPublic({ words: searches[2] }), true),
  await publicQuery(`busca 'casa' (a common word: ${searchCounts[3]} listings)`, () => listPublic({ words: searches[3] }), true),
  await publicQuery("busca 'pozzobon' em /venda, menor preço, page 5", () => listPublic({ status: "Venda", words: searches[1] }, { sort: "preco_asc", page: 5 }), true),
  await publicQuery("list filter: bairros", () => listBairros()),
  await publicQuery("/imovel/:id (+ 4 related)", async () => {
    const imovel = await getPublicImovel(Math.max(1, Number(listings) - 7));
    return imovel && listRelated(imovel);
  }),
  await publicQuery("sitemap.xml (the index: files with active listings)", () => listSitemapChunks()),
  await publicQuery(`sitemap file of ids around ${Number(listings) / 2} (${SITEMAP_CHUNK_IDS} ids)`, () => listSitemapImoveis(Math.floor(Number(listings) / 2 / SITEMAP_CHUNK_IDS))),
];
// Issue 33: sentences in the search box, read as a visitor's (readSentence against the listings'
// bairros, then the list's criteria): the filters they name, and FULLTEXT only on the words left.
const { readSentence } = await import("~/utils/search-sentence");
const { listFilterCriteria, parseListFilter } = await import("~/utils/search-schema");
const bairros = await listBairros();
function sentence(q: string, path = "imoveis") {
  const read = readSentence(q, bairros);
  const { status, ...filters } = read.understood;
  const onPage = path === "venda" ? "Venda" : path === "locacao" ? "Locação" : path === "temporada" ? "Temporada" : undefined;
  return listFilterCriteria({ ...parseListFilter(new URLSearchParams()), ...filters, q: read.rest || undefined }, status ?? onPage);
}
const SENTENCES: [string, string?][] = [
  ["casa 3 quartos centro até 500 mil"], ["apartamento 2 dorms aluguel"], ["rancho represa temporada"], ["sobrado jardim marin com piscina"],
  ["terreno até 150 mil"], ['"casa"'], ["pozzobon"], ["casa à venda pozzobon"], ["kitnet aluguel até R$ 1.000"],
  ["apartamento 2 suítes 2 vagas venda"], ["casa de 200 a 300 mil"], ["acima de 1 milhão"], ["1,5 milhão casa de condomínio"],
  ["casa 3 quartos 2 banheiros aluguel"], ["jd santa luzia 2 quartos"], ["vl paes casa"], ["rua amazonas"], ["casa com quintal", "venda"],
  ["sobrado tiete", "venda"], ["apartamento com represa"], ["casa ótima localização"], ["\"agende\" visita"],
];
const sentenceRows: Row[] = [];
for (const [q, path] of SENTENCES) {
  const criteria = sentence(q, path);
  const found = (await listPublic(criteria, { pageSize: 1 })).total;
  const { words, ...filters } = criteria;
  const what = `${Object.entries(filters).filter(([, v]) => v != null).map(([k, v]) => `${k}=${v}`).join(" ")}${words ? ` words=${words.join("+")}` : ""}`;
  sentenceRows.push(await publicQuery(`sentença '${q}'${path ? ` em /${path}` : ""} → ${what} (${found})`, () => listPublic(criteria), true));
}
publicRows.push(...sentenceRows);
// What a content write costs (the version bump, and whatever it pays for the readers).
const writeRow = await adminQuery("uma escrita de conteúdo (markContentChanged)", () => markContentChanged());
// BENCH_PUBLIC_ONLY=1: the public queries alone (several rounds side by side, old and new code).
const rows = process.env.BENCH_PUBLIC_ONLY ? [...publicRows, writeRow] : [
  ...publicRows,
  writeRow,
  await adminQuery("admin list page 1", () => listAdmin({})),
  await adminQuery("admin search 'Amazonas'", () => listAdmin({ q: "Amazonas" })),
  await adminQuery("admin: Venda, ativos", () => listAdmin({ status: "Venda", ativo: "sim" })),
  await adminQuery("admin: sem fotos", () => listAdmin({ fotos: "sem" })),
  await adminQuery("admin: sem capa escolhida", () => listAdmin({ fotos: "sem-capa" })),
  await adminQuery("Home admin: imóveis por status, sem fotos, sem capa", () => imovelSummary()),
  await adminQuery("Home admin: últimos editados", () => listRecentlyEdited(5)),
  await adminQuery("Home admin: mensagens (7 dias, não lidas)", () => inboxSummary()),
  await adminQuery("barra: Mensagens (N)", () => countUnread()),
  await adminQuery("mensagens: Todas, página 1", () => listMensagens({ filter: "todas" })),
  await adminQuery("mensagens: Todas, página 400", () => listMensagens({ filter: "todas", page: 400 })),
  await adminQuery("mensagens: Não lidas", () => listMensagens({ filter: "nao-lidas" })),
  await adminQuery("mensagens: Arquivadas", () => listMensagens({ filter: "arquivadas" })),
  await adminQuery("mensagens: busca por nome", () => listMensagens({ filter: "todas", q: "Visitante 9999" })),
  await adminQuery("mensagens: busca por telefone", () => listMensagens({ filter: "todas", q: "17 9123" })),
  await adminQuery("mensagens: busca por código", () => listMensagens({ filter: "todas", q: "VT0042" })),
];
const [[total]] = (await getDb().execute(sql`SELECT COUNT(*) AS n FROM imoveis`)) as unknown as [[{ n: number }]];
const f = (t?: Timing) => (t ? `${t.median.toFixed(2)} / ${t.p95.toFixed(2)}` : "");
console.log(`\nConsultas de lista com ${total.n} imóveis e ${M} mensagens (mediana / p95 de ${RUNS} execuções, ms; fria = logo após uma escrita):`);
console.table(rows.map((r) => ({ consulta: r.label, "quente ms": f(r.warm), "fria ms": f(r.cold) })));
console.log("EXPLAIN de cada comando das consultas públicas (fria; rows = estimativa do otimizador):");
for (const r of publicRows) console.log(`${r.label}\n${r.plan!.map((l) => `  ${l}`).join("\n")}`);
await closeDb();
