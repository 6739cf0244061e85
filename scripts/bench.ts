// npm run bench → how long one 12-megapixel JPEG takes to become every served variant.
// Runs storeImage (checks, auto-rotate, metadata strip, normalized original, JPEG + WebP 400/800/1200)
// in a temporary IMG_DIR; the database is not touched.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import sharp from "sharp";

const WIDTH = 4000;
const HEIGHT = 3000;
const RUNS = Number(process.env.BENCH_RUNS ?? 7);

const dir = await fs.mkdtemp(path.join(os.tmpdir(), "imob-bench-"));
process.env.IMG_DIR = dir;
const { storeImage } = await import("~/services/images.server");
const { imageFileNames } = await import("~/services/image-files.server");

/** A photo-like 12 MP JPEG: smooth gradients plus grain, so the encoders have real work to do. */
async function makeInput() {
  const raw = Buffer.alloc(WIDTH * HEIGHT * 3);
  let seed = 42;
  const rand = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 4294967296 - 0.5) * 40;
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const i = (y * WIDTH + x) * 3;
      const wave = Math.sin(x / 90) * Math.cos(y / 70) * 40;
      raw[i] = Math.max(0, Math.min(255, (x / WIDTH) * 200 + wave + rand() + 30));
      raw[i + 1] = Math.max(0, Math.min(255, (y / HEIGHT) * 180 + wave + rand() + 40));
      raw[i + 2] = Math.max(0, Math.min(255, 150 - wave + rand()));
    }
  }
  return sharp(raw, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
}

const fmtMs = (ms: number) => `${ms.toFixed(0).padStart(6)} ms`;
const fmtKb = (b: number) => `${(b / 1024).toFixed(0).padStart(6)} KB`;

try {
  const input = await makeInput();
  console.log(`Entrada: JPEG ${WIDTH}×${HEIGHT} (${((WIDTH * HEIGHT) / 1e6).toFixed(1)} MP), ${fmtKb(input.length).trim()}`);
  console.log(`sharp ${sharp.versions.sharp} / libvips ${sharp.versions.vips}, ${os.cpus().length} CPUs, concurrency ${sharp.concurrency()}`);
  // One untimed run warms up libvips and the file system.
  const warm = await storeImage(input);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await storeImage(input);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const median = times.length % 2 ? times[(times.length - 1) / 2] : (times[times.length / 2 - 1] + times[times.length / 2]) / 2;

  console.log("\nstoreImage (12 MP → original + JPEG + WebP 400/800/1200)");
  const row = (k: string, v: string) => console.log(`│ ${k.padEnd(10)} │ ${v.padStart(9)} │`);
  console.log("┌────────────┬───────────┐");
  row("execuções", String(RUNS));
  row("mediana", fmtMs(median));
  row("mínimo", fmtMs(times[0]));
  row("máximo", fmtMs(times[times.length - 1]));
  console.log("└────────────┴───────────┘");

  console.log("\nArquivos gerados por imagem");
  console.log("┌──────────────────────────────┬───────────┬───────────┐");
  console.log("│ arquivo                      │ dimensões │   tamanho │");
  for (const name of imageFileNames(warm.img)) {
    const file = path.join(dir, name);
    const [meta, stat] = await Promise.all([sharp(file).metadata(), fs.stat(file)]);
    const label = name.replace(warm.img.slice(0, -4), "<key>");
    console.log(`│ ${label.padEnd(28)} │ ${`${meta.width}×${meta.height}`.padStart(9)} │ ${fmtKb(stat.size)} │`);
  }
  console.log("└──────────────────────────────┴───────────┴───────────┘");
} finally {
  await fs.rm(dir, { recursive: true, force: true });
}
