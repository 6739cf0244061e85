// List queries on 10,000 listings: `npm run bench` (part of it) or `tsx scripts/bench-lists.ts`.
// Uses its own database (BENCH_DATABASE_URL, default imobiliaria_bench) and image folder.
import os from "node:os";
import path from "node:path";

process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL ?? "mysql://root@127.0.0.1:3306/imobiliaria_bench";
process.env.IMG_DIR = path.join(os.tmpdir(), "imobiliaria-bench-img");
process.env.ADMIN_PASSWORD ??= "bench-password-123";

const { createDatabaseIfMissing, runMigrations } = await import("~/db/setup.server");
const { closeDb, getDb } = await import("~/db/client.server");
const { seedBulk } = await import("~/seed/seed.server");
const { listHome, listPublic } = await import("~/models/imovel.server");
const { listAdmin } = await import("~/models/imovel-admin.server");
const { sql } = await import("drizzle-orm");

const N = Number(process.env.BENCH_LISTINGS ?? 10_000);
await createDatabaseIfMissing(process.env.DATABASE_URL);
await runMigrations(process.env.DATABASE_URL);
const [[{ n }]] = (await getDb().execute(sql`SELECT COUNT(*) AS n FROM imoveis`)) as unknown as [[{ n: number }]];
if (Number(n) < N) {
  console.log(`Semeando ${N - Number(n)} imóveis…`);
  await seedBulk(N - Number(n), () => {});
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
  await time("/venda sorted by price", () => listPublic({ status: "Venda" }, { sort: "preco_asc" })),
  await time("/locacao filtered (Casa, ≥3 quartos, ≤ R$ 3.000)", () => listPublic({ status: "Locação", tipo: "Casa", quartos: 3, preco_max: 3000 })),
  await time("home search (Venda, Casa, ≥2/≥2)", () => listPublic({ cidade: "Votuporanga", status: "Venda", tipo: "Casa", quartos: 2, banheiros: 2 })),
  await time("admin list page 1", () => listAdmin({})),
  await time("admin search 'Amazonas'", () => listAdmin({ q: "Amazonas" })),
];
const [[total]] = (await getDb().execute(sql`SELECT COUNT(*) AS n FROM imoveis`)) as unknown as [[{ n: number }]];
console.log(`\nConsultas de lista com ${total.n} imóveis (mediana e p95 de 25 execuções, ms):`);
console.table(rows.map((r) => ({ consulta: r.label, mediana_ms: r.median.toFixed(2), p95_ms: r.p95.toFixed(2) })));
await closeDb();
