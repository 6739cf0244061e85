// Twenty phone photos in one post (issue 23): `npm run bench` (last part) or
// `tsx scripts/bench-upload.ts`. Streams a multipart body of BENCH_UPLOAD_FILES (20) 12 MP JPEGs of
// ~5 MB through the server's own code (readUploadForm, then addFotos: every variant made, the rows
// written) against a database of its own, and reports the time and the process's peak memory.
// Side by side, in fresh processes, the same post with every file held in memory at once (what the
// server did before the parts were spooled to disk): the difference is what spooling buys.
import { spawnSync } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";

const mode = process.argv[2];
const FILES = Number(process.argv[3] ?? process.env.BENCH_UPLOAD_FILES ?? 20);
const mb = (b: number) => `${(b / 2 ** 20).toFixed(0)} MB`;

if (mode !== "spooled" && mode !== "in-memory") {
  // Bounded means the peak does not follow the number of photos: 5 and 20 side by side.
  console.log(`\nUm envio de fotos de celular (12 MP, ~5 MB cada) (Node ${process.version}, ${os.cpus().length} CPUs)`);
  for (const [m, n] of [["spooled", 5], ["in-memory", 5], ["spooled", FILES], ["in-memory", FILES], ["spooled", FILES], ["in-memory", FILES]]) {
    const run = spawnSync(process.execPath, [...process.execArgv, process.argv[1], String(m), String(n)], { stdio: ["ignore", "pipe", "inherit"], env: process.env });
    process.stdout.write(run.stdout.toString());
    if (run.status !== 0) process.exit(run.status ?? 1);
  }
  process.exit(0);
}

/** A 12 MP photo of about 5 MB: gradients and grain. */
async function phonePhoto() {
  const [w, h] = [4000, 3000];
  const raw = Buffer.alloc(w * h * 3);
  let seed = 11;
  for (let i = 0; i < raw.length; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    raw[i] = ((i / 3) % w) / 24 + (seed >>> 27) + ((i / (w * 3)) | 0) / 20;
  }
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } }).jpeg({ quality: 94 }).toBuffer();
}

/** A multipart request whose body is produced as it is read: the same photo FILES times. */
function multipartRequest(photo: Buffer) {
  const boundary = "----bench-upload";
  const enc = new TextEncoder();
  let i = -1;
  const body = new ReadableStream<Uint8Array>({
    pull(c) {
      i++;
      if (i === 0) c.enqueue(enc.encode(`--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nadicionar\r\n`));
      else if (i <= FILES) {
        c.enqueue(enc.encode(`--${boundary}\r\nContent-Disposition: form-data; name="img"; filename="IMG_${i}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`));
        // A copy per part, as a socket delivers fresh bytes.
        c.enqueue(new Uint8Array(photo));
        c.enqueue(enc.encode("\r\n"));
      } else {
        c.enqueue(enc.encode(`--${boundary}--\r\n`));
        c.close();
      }
    },
  });
  return new Request("http://localhost/admin/imovelEdit/1/fotos", {
    method: "POST",
    headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
    body,
    duplex: "half",
  } as RequestInit);
}

const dbName = `imob_bench_upload_${process.pid}`;
process.env.DATABASE_URL = `mysql://root@127.0.0.1:3306/${dbName}`;
process.env.IMG_DIR = await fs.mkdtemp(path.join(os.tmpdir(), "imob-bench-upload-"));
const { createDatabaseIfMissing, dropDatabase, runMigrations } = await import("~/db/setup.server");
const { closeDb } = await import("~/db/client.server");
const { readUploadForm, releaseUploads } = await import("~/http/uploads.server");
const { addFotos } = await import("~/models/listings/foto.server");
const { SYSTEM } = await import("~/models/history/history.server");
const { insertImovel } = await import("~/models/listings/imovel.server");
const { uploadBytes } = await import("~/services/images.server");

await createDatabaseIfMissing(process.env.DATABASE_URL);
await runMigrations(process.env.DATABASE_URL);
try {
  const id = await insertImovel({ descricao: "<p>Bench</p>", endereco: "Rua Bench", numero: "1", bairro: "Centro", preco: "1000.00" });
  const photo = await phonePhoto();
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const t = performance.now();
  const request = multipartRequest(photo);
  const read = await readUploadForm(request);
  // The old way: every photo's bytes in memory before the first one is processed.
  const uploads = mode === "in-memory" ? await Promise.all(read.uploads.map(async (u) => ({ ...u, buffer: await uploadBytes(u), path: undefined }))) : read.uploads;
  const { added, refused } = await addFotos(SYSTEM, id, uploads.map((u) => ("buffer" in u && u.buffer ? { field: u.field, name: u.name, index: u.index, buffer: u.buffer } : u)));
  await releaseUploads(request);
  const ms = performance.now() - t;
  clearInterval(sampler);
  peak = Math.max(peak, process.resourceUsage().maxRSS * 1024);
  if (added.length !== FILES || refused.length) throw new Error(`esperava ${FILES} fotos, vieram ${added.length} (${JSON.stringify(refused)})`);
  const label = mode === "spooled" ? "partes em disco (atual)" : "tudo em memória (antes)";
  console.log(
    `${label.padEnd(24)} ${(ms / 1000).toFixed(1)} s · ${FILES} × ${mb(photo.length)} = ${mb(FILES * photo.length)} · RSS ${mb(before)} → pico ${mb(peak)} (+${mb(peak - before)})`,
  );
} finally {
  await closeDb();
  await dropDatabase(process.env.DATABASE_URL);
  await fs.rm(process.env.IMG_DIR, { recursive: true, force: true });
}
