// List queries on 10,000 listings: `npm run bench` (part of it) or `tsx scripts/bench-lists.ts`.
// Uses its own database (BENCH_DATABASE_URL, default imobiliaria_bench) and image folder.
import os from "node:os";
import path from "node:path";

process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL ?? "mysql://root@127.0.0.1:3306/imobiliaria_bench";
// Named after the database, so benches of several checkouts never share a folder.
process.env.IMG_DIR = path.join(os.tmpdir(), `${new URL(process.env.DATABASE_URL).pathname.slice(1)}-img`);
process.env.ADMIN_PASSWORD ??= "bench-password-123";

const { createDatabaseIfMissing, runMigrations } = await import("~/db/setup.server");
const { closeDb, getDb } = await import("~/db/client.server");
const { seedBulk } = await import("~/seed/seed.server");
const { getPublicImovel, listBairros, listHome, listPublic } = await import("~/models/imovel.server");
const { imovelSummary, listAdmin, listRecentlyEdited } = await import("~/models/imovel-admin.server");
const { countUnread, inboxSummary, listMensagens } = await import("~/models/mensagem-inbox.server");
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
      imovel_id: i % 3 === 0 ? (i % Number(n || 1)) + 1 : null,
      lida: i % 10 !== 3,
      arquivada: i % 5 === 0,
      created_at: new Date(Date.now() - (M - i) * 60_000),
    };
  });
  await getDb().insert(mensagens).values(rows);
}

async function time(label: string, fn: () => Promise<unknown>, runs = 25) {
  await fn();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return { label, median: ms[Math.floor(runs / 2)], p95: ms[Math.floor(runs * 0.95)] };
}

const rows = [
  await time("home: 3 lists (6/6/3)", () => Promise.all([listHome("Locação", 6), listHome("Venda", 6), listHome("Temporada", 3)])),
  await time("/imoveis page 1", () => listPublic({})),
  await time("/imoveis page 400", () => listPublic({}, { page: 400 })),
  await time("/venda page 2000", () => listPublic({ status: "Venda" }, { page: 2000 })),
  await time("list filter: bairros", () => listBairros()),
  await time("/imovel/:id", () => getPublicImovel(Math.max(1, Number(n) - 7))),
  await time("/venda sorted by price", () => listPublic({ status: "Venda" }, { sort: "preco_asc" })),
  await time("/locacao filtered (Casa, ≥3 quartos, ≤ R$ 3.000)", () => listPublic({ status: "Locação", tipo: "Casa", quartos: 3, preco_max: 3000 })),
  await time("home search (Venda, Casa, ≥2/≥2)", () => listPublic({ cidade: "Votuporanga", status: "Venda", tipo: "Casa", quartos: 2, banheiros: 2 })),
  await time("admin list page 1", () => listAdmin({})),
  await time("admin search 'Amazonas'", () => listAdmin({ q: "Amazonas" })),
  await time("admin: Venda, ativos", () => listAdmin({ status: "Venda", ativo: "sim" })),
  await time("admin: sem fotos", () => listAdmin({ fotos: "sem" })),
  await time("admin: sem capa escolhida", () => listAdmin({ fotos: "sem-capa" })),
  await time("Home admin: imóveis por status, sem fotos, sem capa", () => imovelSummary()),
  await time("Home admin: últimos editados", () => listRecentlyEdited(5)),
  await time("Home admin: mensagens (7 dias, não lidas)", () => inboxSummary()),
  await time("barra: Mensagens (N)", () => countUnread()),
  await time("mensagens: Todas, página 1", () => listMensagens({ filter: "todas" })),
  await time("mensagens: Todas, página 400", () => listMensagens({ filter: "todas", page: 400 })),
  await time("mensagens: Não lidas", () => listMensagens({ filter: "nao-lidas" })),
  await time("mensagens: Arquivadas", () => listMensagens({ filter: "arquivadas" })),
  await time("mensagens: busca por nome", () => listMensagens({ filter: "todas", q: "Visitante 9999" })),
  await time("mensagens: busca por telefone", () => listMensagens({ filter: "todas", q: "17 9123" })),
  await time("mensagens: busca por código", () => listMensagens({ filter: "todas", q: "VT0042" })),
];
const [[total]] = (await getDb().execute(sql`SELECT COUNT(*) AS n FROM imoveis`)) as unknown as [[{ n: number }]];
console.log(`\nConsultas de lista com ${total.n} imóveis e ${M} mensagens (mediana e p95 de 25 execuções, ms):`);
console.table(rows.map((r) => ({ consulta: r.label, mediana_ms: r.median.toFixed(2), p95_ms: r.p95.toFixed(2) })));
// issue 11: the neighbourhood list reads the (ativo, bairro) index alone, jumping from one bairro to the next.
const [plan] = (await getDb().execute(
  sql`EXPLAIN SELECT DISTINCT bairro FROM imoveis WHERE ativo = 'sim' AND bairro <> '' ORDER BY bairro LIMIT 200`,
)) as unknown as [Record<string, unknown>[]];
console.log("EXPLAIN bairros:", plan.map((r) => `key=${r.key} rows=${r.rows} ${r.Extra}`).join(" | "));
await closeDb();
