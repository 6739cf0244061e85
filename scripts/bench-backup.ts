// Backup and restore of 10,000 listings (with their photo files and 10,000 messages): `npm run bench`
// (its last part) or `tsx scripts/bench-backup.ts`. Its own database (BENCH_DATABASE_URL, default
// imobiliaria_bench, seeded like bench-lists.ts when short of BENCH_LISTINGS) and image folder; the
// restore goes into `<that database>_restaurado` and a scratch folder, both removed at the end.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";

process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL ?? "mysql://root@127.0.0.1:3306/imobiliaria_bench";
process.env.IMG_DIR = path.join(os.tmpdir(), `${new URL(process.env.DATABASE_URL).pathname.slice(1)}-img`);
process.env.ADMIN_PASSWORD ??= "bench-password-123";

const { createDatabaseIfMissing, dropDatabase, runMigrations } = await import("~/db/setup.server");
const { closeDb, getDb } = await import("~/db/client.server");
const { seedBulk } = await import("~/seed/seed.server");
const { mensagens } = await import("~/db/schema");
const { sql } = await import("drizzle-orm");
const { createBackup } = await import("~/models/backup/create.server");
const { localDestination } = await import("~/models/backup/destination.server");
const { restoreArchive } = await import("~/models/backup/restore.server");
const { localStore } = await import("~/services/storage/local.server");
const { closePhotoStore, getPhotoStore } = await import("~/services/storage/store.server");

const url = process.env.DATABASE_URL;
const N = Number(process.env.BENCH_LISTINGS ?? 10_000);
const M = Number(process.env.BENCH_MENSAGENS ?? 10_000);
await createDatabaseIfMissing(url);
await runMigrations(url);
const countOf = async (table: "imoveis" | "mensagens") => {
  const [[{ n }]] = (await getDb().execute(sql.raw(`SELECT COUNT(*) AS n FROM ${table}`))) as unknown as [[{ n: number }]];
  return Number(n);
};
if ((await countOf("imoveis")) < N) {
  console.log(`Semeando ${N - (await countOf("imoveis"))} imóveis…`);
  await seedBulk(N - (await countOf("imoveis")), () => {});
}
for (let done = await countOf("mensagens"); done < M; done += 1000) {
  const rows = Array.from({ length: Math.min(1000, M - done) }, (_, k) => ({
    nome: `Visitante ${done + k}`,
    email: `visitante${done + k}@exemplo.com.br`,
    telefone: "(17) 99999-0000",
    mensagem: "Olá, gostaria de mais informações sobre o imóvel.",
  }));
  await getDb().insert(mensagens).values(rows);
}

const scratch = await fs.mkdtemp(path.join(os.tmpdir(), "imob-bench-backup-"));
const targetUrl = `${url}_restaurado`;
const mb = (b: number) => `${(b / 1e6).toFixed(1)} MB`;
try {
  const base = process.memoryUsage().rss;
  let peak = base;
  const phase = (t: number) => (line: string) => console.log(`  ${((performance.now() - t) / 1000).toFixed(1).padStart(6)} s  ${line}`);
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const t0 = performance.now();
  const b = await createBackup({ databaseUrl: url, store: getPhotoStore(), destination: localDestination(path.join(scratch, "arquivos")), origem: "manual", keep: 7, log: phase(t0) });
  const backupMs = performance.now() - t0;
  const backupPeak = peak;
  peak = process.memoryUsage().rss;
  await dropDatabase(targetUrl);
  const t1 = performance.now();
  const r = await restoreArchive({ archive: b.destino, databaseUrl: targetUrl, store: localStore(path.join(scratch, "img")), log: phase(t1) });
  const restoreMs = performance.now() - t1;
  clearInterval(sampler);
  const rows = Object.values(r.counts).reduce((a, c) => a + c, 0);
  console.log(`\nBackup e restauração (${r.counts.imoveis} imóveis, ${r.counts.mensagens} mensagens, ${rows} linhas, ${r.photos} arquivos de foto)`);
  console.log(`  arquivo:      ${mb(b.bytes)} (.tar.gz); memória do processo antes: ${mb(base)}`);
  console.log(`  backup:       ${(backupMs / 1000).toFixed(1)} s  (pico de memória ${mb(backupPeak)})`);
  console.log(`  restauração:  ${(restoreMs / 1000).toFixed(1)} s  (pico de memória ${mb(peak)}; inclui conferir cada checksum e migrar)`);
} finally {
  await dropDatabase(targetUrl);
  await fs.rm(scratch, { recursive: true, force: true });
  await closeDb();
  await closePhotoStore();
}
