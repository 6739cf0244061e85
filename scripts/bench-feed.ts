// The portals' feed (issue 23) at the bench's size: `npm run bench` (last part) or
// `tsx scripts/bench-feed.ts`. Uses bench-lists.ts's database (BENCH_DATABASE_URL, default
// imobiliaria_bench, BENCH_LISTINGS listings: run bench-lists.ts first). Writes the whole feed to a
// file, as the route does, three times: the time, the listings written, and the process's memory
// (RSS) before and at its highest while writing, sampled after every batch of 500.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { once } from "node:events";

process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL ?? "mysql://root@127.0.0.1:3306/imobiliaria_bench";
process.env.IMG_DIR = path.join(os.tmpdir(), `${new URL(process.env.DATABASE_URL).pathname.slice(1)}-img`);

const { closeDb, getDb } = await import("~/db/client.server");
const { vrsyncChunks } = await import("~/models/listings/portal-feed.server");
const { sql } = await import("drizzle-orm");

const site = { publicUrl: "https://imobiliaria.example", name: "Imobiliária", email: "contato@imobiliaria.example", phone: "(17) 3421-0000" };
const [[{ n }]] = (await getDb().execute(sql`SELECT COUNT(*) AS n FROM imoveis`)) as unknown as [[{ n: number }]];
const target = path.join(os.tmpdir(), `bench-feed-${process.pid}.xml`);
const mb = (b: number) => `${(b / 2 ** 20).toFixed(0)} MB`;

console.log(`\nFeed VRSync com ${Number(n).toLocaleString("pt-BR")} imóveis no banco (Node ${process.version})`);
for (let run = 1; run <= 3; run++) {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  let bytes = 0;
  let listings = 0;
  const out = fs.createWriteStream(target);
  const t = performance.now();
  for await (const chunk of vrsyncChunks(site, getDb())) {
    listings += chunk.split("<Listing>").length - 1;
    bytes += Buffer.byteLength(chunk);
    if (!out.write(chunk)) await once(out, "drain");
    peak = Math.max(peak, process.memoryUsage().rss);
  }
  out.end();
  await once(out, "finish");
  const ms = performance.now() - t;
  console.log(`execução ${run}: ${ms.toFixed(0)} ms · ${listings.toLocaleString("pt-BR")} anúncios · ${mb(bytes)} de XML · RSS ${mb(before)} → pico ${mb(peak)} (+${mb(peak - before)})`);
}
fs.rmSync(target, { force: true });
await closeDb();
