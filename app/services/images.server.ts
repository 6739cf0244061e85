// The image pipeline: checks an upload by its bytes, normalizes it, keeps the original for later
// crops and writes the served variants (JPEG + WebP 400/800/1200). Files: image-files.server.ts.
import { readFile } from "node:fs/promises";
import sharp, { type Metadata, type Sharp } from "sharp";
import { resolveCropBox, type CropBox, type CropRequest, type Size } from "../utils/crop";
import { IMG_NAME, VARIANT_WIDTHS } from "../utils/img";
import { newKey, originalName, readOriginal, writeImageFiles } from "./image-files.server";

export const MAX_PIXELS = 50_000_000;
export type ImageKind = "jpeg" | "png" | "webp" | "avif";

/** An image file someone sent: in memory, in a temporary file (large posts), or already stored. */
export type ImageUpload = {
  field: string;
  /** the client's file name, for messages only (never used on disk) */
  name: string;
  /** position among the non-empty image files of the request, 0-based (what a cover radio points to) */
  index: number;
} & (
  | { buffer: Buffer }
  /** a multipart file part streamed to disk (http/uploads.server.ts), read when its turn comes */
  | { path: string }
  /** the served name of an image sent ahead and already stored (a staged upload), and its width */
  | { stored: string; width?: number }
);

/** The bytes of an upload; one at a time, so a post of twenty photos never holds them all. */
export async function uploadBytes(u: ImageUpload): Promise<Buffer> {
  if ("buffer" in u) return u.buffer;
  if ("path" in u) return readFile(u.path);
  throw new ImageError("a imagem já foi enviada; escolha-a de novo");
}
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

/** Renders the served files of `key`: the JPEG and its WebP widths. Nothing is written yet. */
async function renderVariants(key: string, pipeline: Sharp) {
  const base = await pipeline.clone().jpeg({ quality: 84, mozjpeg: true }).toBuffer({ resolveWithObject: true });
  const files: [string, Buffer][] = [[`${key}.jpg`, base.data]];
  // An image narrower than a variant is served at its own width under that variant's name too (a
  // listing photo's crop, 400 px wide, has three names for one file): each width is encoded once,
  // not once per name. The same bytes; measured: such a crop 137–151 → 81–89 ms, a 640 px upload
  // 338–349 → 253–267 ms.
  const byWidth = new Map<number, Buffer>();
  for (const w of VARIANT_WIDTHS) {
    const width = Math.min(w, base.info.width);
    let data = byWidth.get(width);
    if (!data) {
      data = await sharp(base.data).resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer();
      byWidth.set(width, data);
    }
    files.push([`${key}-${w}.webp`, data]);
  }
  return { files, img: `${key}.jpg`, width: base.info.width, height: base.info.height };
}

/** Writes a new image's original and served files together (all or none); returns its served name. */
async function saveImage(key: string, original: Buffer, pipeline: Sharp) {
  const { files, ...image } = await renderVariants(key, pipeline);
  await writeImageFiles([[originalName(`${key}.jpg`), original], ...files]);
  return image;
}

/**
 * Normalizes an uploaded image (orientation applied, metadata such as GPS stripped), keeps the
 * normalized original for later crops and writes the served variants. Returns the served name.
 * A store that fails throws StorageError and leaves none of the files behind.
 */
export async function storeImage(buf: Buffer, opts: { fit?: Size } = {}) {
  const original = await normalizeUpload(buf);
  let p = sharp(original);
  p = opts.fit
    ? p.resize({ ...opts.fit, fit: "cover", position: "attention" })
    : p.resize({ width: 1200, height: 1200, fit: "inside", withoutEnlargement: true });
  return saveImage(newKey(), original, p);
}

/** An upload checked, turned upright, stripped of metadata and bounded to 3000 px: what is kept as the original. */
async function normalizeUpload(buf: Buffer) {
  await inspectImage(buf);
  try {
    return await sharp(buf, { limitInputPixels: MAX_PIXELS, failOn: "error" })
      .rotate()
      .resize({ width: 3000, height: 3000, fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: 92 })
      .toBuffer();
  } catch {
    throw new ImageError("arquivo de imagem corrompido");
  }
}

/** An original with its size (0×0 when it cannot be read). */
async function withSize(original: Buffer) {
  const meta = await sharp(original).metadata();
  return { original, size: { width: meta.width ?? 0, height: meta.height ?? 0 } };
}

/** The kept original of a served image, read from the store; null when there is none. */
async function loadOriginal(img: string) {
  const original = IMG_NAME.test(img) ? await readOriginal(img) : null;
  return original ? withSize(original) : null;
}

/** Crops a kept original and stores the result (with a copy of the original) under a new name. */
async function cropOriginal(original: Buffer, { width: W, height: H }: Size, box: CropBox, output: Size) {
  const left = Math.max(0, Math.min(W - 1, Math.round(box.left)));
  const top = Math.max(0, Math.min(H - 1, Math.round(box.top)));
  const width = Math.max(1, Math.min(W - left, Math.round(box.width)));
  const height = Math.max(1, Math.min(H - top, Math.round(box.height)));
  const p = sharp(original).extract({ left, top, width, height }).resize({ ...output, fit: "fill" });
  return saveImage(newKey(), original, p);
}

/**
 * Crops `img` (or, when given, a freshly uploaded replacement) into `output` as asked; returns the
 * new served name. Throws ImageError when the upload is not an image or there is no original.
 */
export async function cropInto(img: string | null, req: CropRequest, output: Size, upload?: ImageUpload) {
  // A replacement is cropped straight from memory: nothing of it is stored but the result.
  const source = upload ? await withSize(await normalizeUpload(await uploadBytes(upload))) : img ? await loadOriginal(img) : null;
  if (!source || !source.size.width || !source.size.height) {
    throw new ImageError("a imagem original não está disponível para ajuste", "missing_original");
  }
  const box = resolveCropBox(req, source.size.width, source.size.height, output.width / output.height);
  return (await cropOriginal(source.original, source.size, box, output)).img;
}
