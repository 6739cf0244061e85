// `tsx scripts/bench-import.ts [N] [PHOTOS]` (issue 32): imports a generated VRSync feed of N listings
// (PHOTOS photos each, served from loopback) into BENCH_DATABASE_URL (default imobiliaria_bench_import,
// emptied and migrated first); prints the time and the process's peak RSS (docs/performance.md).
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
const N = Number(process.argv[2] ?? 10_000);
const PHOTOS = Number(process.argv[3] ?? 0);
const url = process.env.BENCH_DATABASE_URL ?? "mysql://root@127.0.0.1:3306/imobiliaria_bench_import";
process.env.DATABASE_URL = url;
process.env.IMPORT_ALLOW_ADDRESSES = "127.0.0.2";
process.env.IMG_DIR ??= await mkdtemp(join(tmpdir(), "imob-bench-import-img-"));
const { createDatabaseIfMissing, dropDatabase, runMigrations } = await import("~/db/setup.server");
await dropDatabase(url);
await createDatabaseIfMissing(url);
await runMigrations(url);
const { startFeedServer, vrsyncFeed, gpsJpeg } = await import("../tests/support/feed-server");
const server = await startFeedServer();
const photos: string[] = [];
for (let p = 0; p < PHOTOS; p++) {
  server.routes.set(`/f${p}.jpg`, { body: await gpsJpeg(1600, 1200, `#${(p * 40).toString(16).padStart(2, "0")}7799`), type: "image/jpeg" });
  photos.push(server.url(`/f${p}.jpg`));
}
// Every listing names the same PHOTOS files: each listing downloads and stores its own copies.
const feed = vrsyncFeed(Array.from({ length: N }, (_, i) => ({ id: `B-${i}`, price: 100000 + i, photos: photos.map((url, k) => ({ url, primary: k === 0 })) })));
const dir = await mkdtemp(join(tmpdir(), "imob-import-"));
await writeFile(join(dir, "feed.xml"), feed);
const { importFrom } = await import("~/http/import.server");
const { SYSTEM } = await import("~/models/history/history.server");
const { closeDb } = await import("~/db/client.server");
const t0 = performance.now();
const { done } = await importFrom({ file: join(dir, "feed.xml"), name: "bench.xml" }, false, SYSTEM);
const s = await done;
const ms = performance.now() - t0;
console.log(`${N} imóveis × ${PHOTOS} fotos (${(feed.length / 1e6).toFixed(1)} MB de XML): ${(ms / 1000).toFixed(1)} s, pico de RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB; ${JSON.stringify(s.counts)}${s.erro ? ` erro: ${s.erro}` : ""}`);
await server.close();
await closeDb();
await dropDatabase(url);
