// The image pipeline: checks an upload by its bytes, normalizes it, keeps the original for later
// crops and writes the served variants (JPEG + WebP 400/800/1200). Files: image-files.server.ts.
import fs from "node:fs/promises";
import path from "node:path";
import sharp, { type Metadata, type Sharp } from "sharp";
import { resolveCropBox, type CropBox, type CropRequest, type Size } from "../utils/crop";
import { IMG_NAME, VARIANT_WIDTHS } from "../utils/img";
import { imgDir, newKey, origDir, originalPath, removeImageFiles, writeAtomically } from "./image-files.server";

export const MAX_PIXELS = 50_000_000;
export type ImageKind = "jpeg" | "png" | "webp" | "avif";

/** An image file someone sent. */
export type ImageUpload = {
  field: string;
  /** the client's file name, for messages only (never used on disk) */
  name: string;
  buffer: Buffer;
  /** position among the non-empty image files of the request, 0-based (what a cover radio points to) */
  index: number;
};
/** A file that was not taken, and why (in Portuguese). */
export type Refused = { name: string; reason: string };

/** An image that cannot be used; the message is a Portuguese reason. */
export class ImageError extends Error {
  /** "missing_original": there is nothing to re-crop (the kept original is gone). */
  code?: "missing_original";
  constructor(message: string, code?: "missing_original") {
    super(message);
    this.name = "ImageError";
    this.code = code;
  }
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
export async function storeImage(buf: Buffer, opts: { fit?: Size } = {}) {
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
  await writeAtomically(originalPath(`${key}.jpg`), original);
  try {
    let p = sharp(original);
    p = opts.fit
      ? p.resize({ ...opts.fit, fit: "cover", position: "attention" })
      : p.resize({ width: 1200, height: 1200, fit: "inside", withoutEnlargement: true });
    return await writeVariants(key, p);
  } catch (e) {
    await fs.rm(originalPath(`${key}.jpg`), { force: true });
    throw e;
  }
}

/** Crops the kept original of a served image and stores the result under a new name. */
export async function cropImage(img: string, box: CropBox, output: Size) {
  if (!IMG_NAME.test(img)) throw new ImageError("imagem desconhecida");
  let original: Buffer;
  try {
    original = await fs.readFile(originalPath(img));
  } catch {
    throw new ImageError("imagem original não encontrada", "missing_original");
  }
  const meta = await sharp(original).metadata();
  const W = meta.width!;
  const H = meta.height!;
  const left = Math.max(0, Math.min(W - 1, Math.round(box.left)));
  const top = Math.max(0, Math.min(H - 1, Math.round(box.top)));
  const width = Math.max(1, Math.min(W - left, Math.round(box.width)));
  const height = Math.max(1, Math.min(H - top, Math.round(box.height)));
  const key = newKey();
  await fs.copyFile(originalPath(img), originalPath(`${key}.jpg`));
  const p = sharp(original).extract({ left, top, width, height }).resize({ ...output, fit: "fill" });
  return writeVariants(key, p);
}

/** Width and height of the kept original of a served image, or null when there is none. */
export async function originalSize(img: string): Promise<Size | null> {
  if (!IMG_NAME.test(img)) return null;
  try {
    const meta = await sharp(originalPath(img)).metadata();
    return meta.width && meta.height ? { width: meta.width, height: meta.height } : null;
  } catch {
    return null;
  }
}

/**
 * Crops `img` (or, when given, a freshly uploaded replacement) into `output` as asked; returns the
 * new served name. Throws ImageError when the upload is not an image or there is no original.
 */
export async function cropInto(img: string | null, req: CropRequest, output: Size, upload?: ImageUpload) {
  let source = img;
  let temporary: string | null = null;
  if (upload) {
    temporary = (await storeImage(upload.buffer)).img;
    source = temporary;
  }
  try {
    const size = source ? await originalSize(source) : null;
    if (!source || !size) throw new ImageError("a imagem original não está disponível para ajuste", "missing_original");
    const box = resolveCropBox(req, size.width, size.height, output.width / output.height);
    return (await cropImage(source, box, output)).img;
  } finally {
    // The crop keeps its own copy of the original: the uploaded intermediate is not needed.
    if (temporary) await removeImageFiles(temporary);
  }
}
