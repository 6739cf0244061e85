import crypto from "node:crypto";
import { createReadStream, type Stats } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import sharp, { type Metadata, type Sharp } from "sharp";
import { getEnv } from "../env.server";
import { IMG_NAME, VARIANT_WIDTHS } from "../utils/img";

export const MAX_PIXELS = 50_000_000;
export type ImageKind = "jpeg" | "png" | "webp" | "avif";

export class ImageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ImageError";
  }
}

export function imgDir() {
  return path.resolve(getEnv().IMG_DIR);
}
function origDir() {
  return path.join(imgDir(), "orig");
}

/** Identifies an image by its first bytes, never by its name or declared type. */
export function sniffImageType(buf: Uint8Array): ImageKind | null {
  const b = buf;
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "jpeg";
  if (
    b.length >= 8 &&
    b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 &&
    b[4] === 0x0d && b[5] === 0x0a && b[6] === 0x1a && b[7] === 0x0a
  )
    return "png";
  const ascii = (from: number, to: number) => Buffer.from(b.subarray(from, to)).toString("latin1");
  if (b.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  if (b.length >= 12 && ascii(4, 8) === "ftyp" && /^avi[fs]$/.test(ascii(8, 12))) return "avif";
  return null;
}

/** Checks an upload without decoding its pixels; throws ImageError with a Portuguese reason. */
export async function inspectImage(buf: Buffer) {
  const kind = sniffImageType(buf);
  if (!kind) throw new ImageError("formato não aceito (use JPEG, PNG, WebP ou AVIF)");
  let meta: Metadata;
  try {
    meta = await sharp(buf, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageError("arquivo de imagem corrompido");
  }
  if (!meta.width || !meta.height) throw new ImageError("arquivo de imagem corrompido");
  if (meta.width * meta.height > MAX_PIXELS) {
    throw new ImageError("imagem grande demais (máximo de 50 megapixels)");
  }
  return { kind, width: meta.width, height: meta.height };
}

function newKey() {
  return crypto.randomBytes(10).toString("hex");
}

async function writeAtomically(file: string, data: Buffer) {
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}.tmp`;
  await fs.writeFile(tmp, data);
  await fs.rename(tmp, file);
}

export type CropBox = { left: number; top: number; width: number; height: number };
type Output = { width: number; height: number } | undefined;

async function writeVariants(key: string, pipeline: Sharp) {
  const dir = imgDir();
  // Render everything first, then rename into place: a reader never sees a half-written file.
  const base = await pipeline.clone().jpeg({ quality: 84, mozjpeg: true }).toBuffer({ resolveWithObject: true });
  const outputs: [string, Buffer][] = [[`${key}.jpg`, base.data]];
  for (const w of VARIANT_WIDTHS) {
    const data = await sharp(base.data)
      .resize({ width: Math.min(w, base.info.width), withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer();
    outputs.push([`${key}-${w}.webp`, data]);
  }
  const written: string[] = [];
  try {
    for (const [name, data] of outputs) {
      await writeAtomically(path.join(dir, name), data);
      written.push(name);
    }
  } catch (e) {
    await Promise.all(written.map((n) => fs.rm(path.join(dir, n), { force: true })));
    throw e;
  }
  return { img: `${key}.jpg`, width: base.info.width, height: base.info.height };
}

/**
 * Normalizes an uploaded image (orientation applied, metadata such as GPS stripped), keeps the
 * normalized original for later crops and writes the served variants. Returns the served name.
 */
export async function storeImage(buf: Buffer, opts: { fit?: { width: number; height: number } } = {}) {
  await inspectImage(buf);
  await fs.mkdir(origDir(), { recursive: true });
  const key = newKey();
  let original: Buffer;
  try {
    original = await sharp(buf, { limitInputPixels: MAX_PIXELS, failOn: "error" })
      .rotate()
      .resize({ width: 3000, height: 3000, fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: 92 })
      .toBuffer();
  } catch {
    throw new ImageError("arquivo de imagem corrompido");
  }
  await writeAtomically(path.join(origDir(), `${key}.jpg`), original);
  try {
    let p = sharp(original);
    p = opts.fit
      ? p.resize({ ...opts.fit, fit: "cover", position: "attention" })
      : p.resize({ width: 1200, height: 1200, fit: "inside", withoutEnlargement: true });
    return await writeVariants(key, p);
  } catch (e) {
    await fs.rm(path.join(origDir(), `${key}.jpg`), { force: true });
    throw e;
  }
}

/** Crops the kept original of a served image and stores the result under a new name. */
export async function cropImage(img: string, box: CropBox, output: { width: number; height: number }) {
  if (!IMG_NAME.test(img)) throw new ImageError("imagem desconhecida");
  const key = img.slice(0, -4);
  let original: Buffer;
  try {
    original = await fs.readFile(path.join(origDir(), `${key}.jpg`));
  } catch {
    throw new ImageError("imagem original não encontrada");
  }
  const meta = await sharp(original).metadata();
  const W = meta.width!;
  const H = meta.height!;
  const left = Math.max(0, Math.min(W - 1, Math.round(box.left)));
  const top = Math.max(0, Math.min(H - 1, Math.round(box.top)));
  const width = Math.max(1, Math.min(W - left, Math.round(box.width)));
  const height = Math.max(1, Math.min(H - top, Math.round(box.height)));
  const newKeyValue = newKey();
  await fs.copyFile(path.join(origDir(), `${key}.jpg`), path.join(origDir(), `${newKeyValue}.jpg`));
  const p = sharp(original)
    .extract({ left, top, width, height })
    .resize({ width: output.width, height: output.height, fit: "fill" });
  return writeVariants(newKeyValue, p);
}

export function imageFileNames(img: string) {
  if (!IMG_NAME.test(img)) return [];
  const key = img.slice(0, -4);
  return [img, ...VARIANT_WIDTHS.map((w) => `${key}-${w}.webp`), path.join("orig", `${key}.jpg`)];
}

/** Removes a served image, its variants and its original. Missing files are fine. */
export async function removeImageFiles(img: string) {
  const dir = imgDir();
  await Promise.all(imageFileNames(img).map((n) => fs.rm(path.join(dir, n), { force: true })));
}

/** Hard-links an image under a new name: cheap copies for seeding. */
export async function linkImageCopy(img: string) {
  const dir = imgDir();
  const key = newKey();
  const from = imageFileNames(img);
  const to = imageFileNames(`${key}.jpg`);
  for (let i = 0; i < from.length; i++) {
    await fs.link(path.join(dir, from[i]), path.join(dir, to[i])).catch(async () => {
      await fs.copyFile(path.join(dir, from[i]), path.join(dir, to[i]));
    });
  }
  return `${key}.jpg`;
}

/** Streams a file from disk, or answers 404 when it is missing (both image routes use this). */
export async function fileResponse(file: string, headers: { contentType: string; cacheControl: string }, missing: string) {
  const notFound = () => new Response(missing, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  let stat: Stats;
  try {
    stat = await fs.stat(file);
  } catch {
    return notFound();
  }
  if (!stat.isFile()) return notFound();
  return new Response(Readable.toWeb(createReadStream(file)) as ReadableStream, {
    headers: {
      "Content-Type": headers.contentType,
      "Content-Length": String(stat.size),
      "Cache-Control": headers.cacheControl,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
