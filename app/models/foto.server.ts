import fs from "node:fs/promises";
import path from "node:path";
import { asc, desc, eq, and, lt, sql } from "drizzle-orm";
import sharp from "sharp";
import { getDb } from "../db/client.server";
import { banners, imoveis, imovelFotos } from "../db/schema";
import { IMG_NAME } from "../utils/img";
import { ImageError, cropImage, imgDir, removeImageFiles, storeImage, type CropBox } from "./images.server";
import { UploadError, readUploadForm, type Refused, type Upload } from "./upload.server";

export const PHOTO_OUTPUT = { width: 400, height: 300 } as const;
export const BANNER_OUTPUT = { width: 1200, height: 500 } as const;

/** A request that cannot be done as asked; `status` is the HTTP answer (4xx). */
export class PhotoError extends Error {
  status: number;
  constructor(message: string, status = 400) {
    super(message);
    this.name = "PhotoError";
    this.status = status;
  }
}

/** Crop from the cropper: a box in the pixels of the image it showed (sourceWidth × sourceHeight). */
export type CropBoxInput = CropBox & { sourceWidth?: number; sourceHeight?: number };
/** Crop without JavaScript: zoom 1–3 over the largest box of the right shape, position in percent. */
export type CropSpec = { zoom: number; x: number; y: number };
export type CropRequest = CropBoxInput | CropSpec;

function isSpec(r: CropRequest): r is CropSpec {
  return "zoom" in r;
}

/** The box to cut from a W×H original: exactly `aspect` (width/height), inside the image. */
export function resolveCropBox(req: CropRequest, W: number, H: number, aspect: number): CropBox {
  const [w0, h0] = W / H > aspect ? [H * aspect, H] : [W, W / aspect];
  let w: number, h: number, left: number, top: number;
  if (isSpec(req)) {
    w = w0 / req.zoom;
    h = h0 / req.zoom;
    left = ((W - w) * req.x) / 100;
    top = ((H - h) * req.y) / 100;
  } else {
    // A source size below one pixel can only be forged, and would scale the box to Infinity.
    const sx = req.sourceWidth && req.sourceWidth >= 1 ? W / req.sourceWidth : 1;
    const sy = req.sourceHeight && req.sourceHeight >= 1 ? H / req.sourceHeight : 1;
    const bw = Math.max(1, req.width * sx);
    const bh = Math.max(1, req.height * sy);
    const cx = (req.left + req.width / 2) * sx;
    const cy = (req.top + req.height / 2) * sy;
    // Keep the centre the admin chose; fix the shape, then make it fit.
    [w, h] = bw / bh > aspect ? [bh * aspect, bh] : [bw, bw / aspect];
    if (w > w0) [w, h] = [w0, h0];
    left = cx - w / 2;
    top = cy - h / 2;
  }
  if (![w, h, left, top].every(Number.isFinite)) {
    // Nonsense numbers (NaN, Infinity) never reach sharp: fall back to the centred largest box.
    [w, h, left, top] = [w0, h0, (W - w0) / 2, (H - h0) / 2];
  }
  w = Math.max(1, Math.min(W, Math.round(w)));
  h = Math.max(1, Math.min(H, Math.round(h)));
  left = Math.round(Math.min(Math.max(0, left), W - w));
  top = Math.round(Math.min(Math.max(0, top), H - h));
  return { left, top, width: w, height: h };
}

const num = (v: FormDataEntryValue | null) => (typeof v === "string" && v.trim() !== "" ? Number(v) : NaN);

/**
 * The crop asked by a form: hidden `x`, `y`, `width`, `height` (+ `srcW`, `srcH`) from the cropper,
 * else the no-JavaScript fields `zoom`, `posx`, `posy`.
 */
export function readCropInput(form: FormData): { ok: true; value: CropRequest } | { ok: false; error: string } {
  const [x, y, width, height] = ["x", "y", "width", "height"].map((k) => num(form.get(k)));
  if ([x, y, width, height].every(Number.isFinite)) {
    if (width <= 0 || height <= 0) return { ok: false, error: "A área de corte está vazia." };
    const srcW = num(form.get("srcW"));
    const srcH = num(form.get("srcH"));
    return {
      ok: true,
      value: {
        left: x,
        top: y,
        width,
        height,
        sourceWidth: srcW > 0 ? srcW : undefined,
        sourceHeight: srcH > 0 ? srcH : undefined,
      },
    };
  }
  const zoom = num(form.get("zoom"));
  const px = form.get("posx") == null ? 50 : num(form.get("posx"));
  const py = form.get("posy") == null ? 50 : num(form.get("posy"));
  if (!(zoom >= 1 && zoom <= 3)) return { ok: false, error: "O zoom deve ser um número de 1 a 3." };
  if (!(px >= 0 && px <= 100) || !(py >= 0 && py <= 100)) {
    return { ok: false, error: "A posição deve ser um número de 0 a 100." };
  }
  return { ok: true, value: { zoom, x: px, y: py } };
}

/** Width and height of the kept original of a served image, or null when there is none. */
export async function originalSize(img: string) {
  if (!IMG_NAME.test(img)) return null;
  try {
    const meta = await sharp(path.join(imgDir(), "orig", img)).metadata();
    return meta.width && meta.height ? { width: meta.width, height: meta.height } : null;
  } catch {
    return null;
  }
}

/** Crops `img` (or, when given, a freshly uploaded replacement) into `output`; returns the new name. */
async function produceCrop(
  img: string | null,
  req: CropRequest,
  output: { width: number; height: number },
  upload?: Upload,
) {
  let source = img;
  let temporary: string | null = null;
  if (upload) {
    try {
      temporary = (await storeImage(upload.buffer)).img;
    } catch (e) {
      if (e instanceof ImageError) throw new PhotoError(`O arquivo "${upload.name}" não foi aceito: ${e.message}.`);
      throw e;
    }
    source = temporary;
  }
  try {
    const size = source ? await originalSize(source) : null;
    if (!source || !size) {
      throw new PhotoError("A imagem original não está disponível para ajuste; envie uma nova imagem.", 409);
    }
    const box = resolveCropBox(req, size.width, size.height, output.width / output.height);
    return (await cropImage(source, box, output)).img;
  } finally {
    // The crop keeps its own copy of the original: the uploaded intermediate is not needed.
    if (temporary) await removeImageFiles(temporary);
  }
}

/** Files of images no row points to any more, removed. Call it after the deleting commit. */
export async function deletePhotoFilesOf(imgs: string[]) {
  const db = getDb();
  for (const img of new Set(imgs)) {
    if (!img) continue;
    const [row] = (await db.execute(
      sql`SELECT (SELECT COUNT(*) FROM imovel_fotos WHERE img = ${img}) + (SELECT COUNT(*) FROM imoveis WHERE capa = ${img}) + (SELECT COUNT(*) FROM banners WHERE banner = ${img}) AS n`,
    )) as unknown as [{ n: number | string }[]];
    if (Number(row[0]?.n ?? 0) === 0) await removeImageFiles(img);
  }
}

function affected(res: unknown) {
  return Number((res as [{ affectedRows?: number }])[0]?.affectedRows ?? 0);
}

/**
 * Stores each upload (content checked, oversized or undecodable files refused on their own) and
 * adds the rows in one transaction. `coverIndex` is the `index` of the upload chosen as cover.
 */
export async function addPhotos(
  imovelId: number,
  uploads: Upload[],
  opts: { coverIndex?: number } = {},
): Promise<{ added: { id: number; img: string }[]; refused: Refused[] }> {
  const refused: Refused[] = [];
  const stored: { img: string; index: number }[] = [];
  for (const [i, u] of uploads.entries()) {
    try {
      stored.push({ img: (await storeImage(u.buffer)).img, index: u.index ?? i });
    } catch (e) {
      if (!(e instanceof ImageError)) console.error(`Falha ao processar a imagem ${u.name}`, e);
      refused.push({ name: u.name, reason: e instanceof ImageError ? e.message : "não foi possível processar a imagem" });
    }
  }
  if (stored.length === 0) return { added: [], refused };
  const cover = opts.coverIndex == null ? undefined : stored.find((s) => s.index === opts.coverIndex);
  try {
    const added = await getDb().transaction(async (tx) => {
      const [imovel] = await tx.select({ id: imoveis.id }).from(imoveis).where(eq(imoveis.id, imovelId)).for("update");
      if (!imovel) throw new PhotoError("Imóvel não encontrado.", 404);
      const [{ next }] = await tx
        .select({ next: sql<number>`COALESCE(MAX(${imovelFotos.position}) + 1, 0)` })
        .from(imovelFotos)
        .where(eq(imovelFotos.imovel_id, imovelId));
      const rows: { id: number; img: string }[] = [];
      for (const [k, s] of stored.entries()) {
        const [res] = await tx.insert(imovelFotos).values({ imovel_id: imovelId, img: s.img, position: Number(next) + k });
        rows.push({ id: Number(res.insertId), img: s.img });
      }
      if (cover) await tx.update(imoveis).set({ capa: cover.img }).where(eq(imoveis.id, imovelId));
      return rows;
    });
    return { added, refused };
  } catch (e) {
    await Promise.all(stored.map((s) => removeImageFiles(s.img)));
    throw e;
  }
}

/** Deletes a photo; if it was the cover, the first remaining photo becomes the cover. */
export async function deletePhoto(fotoId: number): Promise<{ imovelId: number } | null> {
  const db = getDb();
  const [probe] = await db.select().from(imovelFotos).where(eq(imovelFotos.id, fotoId)).limit(1);
  if (!probe) return null;
  const deleted = await db.transaction(async (tx) => {
    // Same lock order as addPhotos (property, then photos): no deadlock between them.
    const [imovel] = await tx
      .select({ capa: imoveis.capa })
      .from(imoveis)
      .where(eq(imoveis.id, probe.imovel_id))
      .for("update");
    const [foto] = await tx.select().from(imovelFotos).where(eq(imovelFotos.id, fotoId)).for("update");
    if (!foto) return null;
    await tx.delete(imovelFotos).where(eq(imovelFotos.id, fotoId));
    if (imovel && imovel.capa === foto.img) {
      const [first] = await tx
        .select({ img: imovelFotos.img })
        .from(imovelFotos)
        .where(eq(imovelFotos.imovel_id, foto.imovel_id))
        .orderBy(asc(imovelFotos.position), asc(imovelFotos.id))
        .limit(1);
      await tx.update(imoveis).set({ capa: first?.img ?? null }).where(eq(imoveis.id, foto.imovel_id));
    }
    return foto;
  });
  if (!deleted) return null;
  await deletePhotoFilesOf([deleted.img]);
  return { imovelId: deleted.imovel_id };
}

/** Makes `img` the cover, only when it is one of the property's photos. */
export async function setCover(imovelId: number, img: string): Promise<boolean> {
  const db = getDb();
  const [foto] = await db
    .select({ id: imovelFotos.id })
    .from(imovelFotos)
    .where(and(eq(imovelFotos.imovel_id, imovelId), eq(imovelFotos.img, img)))
    .limit(1);
  if (!foto) return false;
  await db.update(imoveis).set({ capa: img }).where(eq(imoveis.id, imovelId));
  return true;
}

/** The image cards show for a property: capa, else the first photo. */
export async function coverOf(imovelId: number) {
  const db = getDb();
  const [imovel] = await db.select({ capa: imoveis.capa }).from(imoveis).where(eq(imoveis.id, imovelId)).limit(1);
  if (!imovel) return undefined;
  if (imovel.capa) return imovel.capa;
  const [first] = await db
    .select({ img: imovelFotos.img })
    .from(imovelFotos)
    .where(eq(imovelFotos.imovel_id, imovelId))
    .orderBy(asc(imovelFotos.position), asc(imovelFotos.id))
    .limit(1);
  return first?.img ?? null;
}

/**
 * Re-crops a photo from its kept original (or from `upload`, a replacement dropped on the cropper)
 * into 400×300 under a new name; the row, and the cover if it pointed to it, follow.
 */
export async function cropPhoto(fotoId: number, box: CropRequest, opts: { upload?: Upload } = {}): Promise<string> {
  const db = getDb();
  const [foto] = await db.select().from(imovelFotos).where(eq(imovelFotos.id, fotoId)).limit(1);
  if (!foto) throw new PhotoError("Foto não encontrada.", 404);
  const img = await produceCrop(foto.img, box, PHOTO_OUTPUT, opts.upload);
  try {
    await db.transaction(async (tx) => {
      await tx.select({ id: imoveis.id }).from(imoveis).where(eq(imoveis.id, foto.imovel_id)).for("update");
      const res = await tx
        .update(imovelFotos)
        .set({ img })
        .where(and(eq(imovelFotos.id, fotoId), eq(imovelFotos.img, foto.img)));
      if (affected(res) !== 1) throw new PhotoError("A foto foi alterada ou excluída enquanto era ajustada.", 409);
      await tx
        .update(imoveis)
        .set({ capa: img })
        .where(and(eq(imoveis.id, foto.imovel_id), eq(imoveis.capa, foto.img)));
    });
  } catch (e) {
    await removeImageFiles(img);
    throw e;
  }
  await deletePhotoFilesOf([foto.img]);
  return img;
}

/** Re-crops the property's cover (as cards show it) into 400×300 under a new name. */
export async function cropCover(imovelId: number, box: CropRequest, opts: { upload?: Upload } = {}): Promise<string> {
  const old = await coverOf(imovelId);
  if (old === undefined) throw new PhotoError("Imóvel não encontrado.", 404);
  if (old === null && !opts.upload) throw new PhotoError("Este imóvel ainda não tem fotos para ajustar.", 409);
  const img = await produceCrop(old, box, PHOTO_OUTPUT, opts.upload);
  try {
    await getDb().transaction(async (tx) => {
      const [imovel] = await tx
        .select({ capa: imoveis.capa })
        .from(imoveis)
        .where(eq(imoveis.id, imovelId))
        .for("update");
      const [first] = await tx
        .select({ id: imovelFotos.id, img: imovelFotos.img })
        .from(imovelFotos)
        .where(eq(imovelFotos.imovel_id, imovelId))
        .orderBy(asc(imovelFotos.position), asc(imovelFotos.id))
        .limit(1);
      if (!imovel || (imovel.capa ?? first?.img ?? null) !== old) {
        throw new PhotoError("A foto de capa foi alterada enquanto era ajustada.", 409);
      }
      if (old === null) {
        // No photo yet: the upload becomes the first photo, and so the cover.
        await tx.insert(imovelFotos).values({ imovel_id: imovelId, img, position: 0 });
      } else {
        await tx
          .update(imovelFotos)
          .set({ img })
          .where(and(eq(imovelFotos.imovel_id, imovelId), eq(imovelFotos.img, old)));
      }
      if (imovel.capa) await tx.update(imoveis).set({ capa: img }).where(eq(imoveis.id, imovelId));
    });
  } catch (e) {
    await removeImageFiles(img);
    throw e;
  }
  if (old) await deletePhotoFilesOf([old]);
  return img;
}

/** Stores a new home banner (fitted to 1200×500); older banners and their files go. */
export async function replaceBanner(upload: Upload): Promise<string> {
  let img: string;
  try {
    img = (await storeImage(upload.buffer, { fit: BANNER_OUTPUT })).img;
  } catch (e) {
    if (e instanceof ImageError) throw new PhotoError(`O arquivo "${upload.name}" não foi aceito: ${e.message}.`);
    throw e;
  }
  let old: string[];
  try {
    old = await getDb().transaction(async (tx) => {
      const [res] = await tx.insert(banners).values({ banner: img });
      const id = Number(res.insertId);
      const rows = await tx.select({ banner: banners.banner }).from(banners).where(lt(banners.id, id));
      await tx.delete(banners).where(lt(banners.id, id));
      return rows.map((r) => r.banner);
    });
  } catch (e) {
    await removeImageFiles(img);
    throw e;
  }
  await deletePhotoFilesOf(old);
  return img;
}

/** Re-crops the current banner (or an uploaded replacement) into 1200×500 under a new name. */
export async function cropBanner(box: CropRequest, opts: { upload?: Upload } = {}): Promise<string> {
  const db = getDb();
  const [current] = await db.select().from(banners).orderBy(desc(banners.id)).limit(1);
  if (!current && !opts.upload) throw new PhotoError("Ainda não há banner para ajustar.", 409);
  const img = await produceCrop(current?.banner ?? null, box, BANNER_OUTPUT, opts.upload);
  try {
    if (current) {
      const res = await db
        .update(banners)
        .set({ banner: img })
        .where(and(eq(banners.id, current.id), eq(banners.banner, current.banner)));
      if (affected(res) !== 1) throw new PhotoError("O banner foi trocado enquanto era ajustado.", 409);
    } else {
      await db.insert(banners).values({ banner: img });
    }
  } catch (e) {
    await removeImageFiles(img);
    throw e;
  }
  if (current) await deletePhotoFilesOf([current.banner]);
  return img;
}

/** One Portuguese sentence naming each refused file and why. */
export function refusedMessage(refused: Refused[]): string {
  if (refused.length === 0) return "";
  if (refused.length === 1) return `O arquivo "${refused[0].name}" não foi salvo: ${refused[0].reason}.`;
  return `Estes arquivos não foram salvos: ${refused.map((r) => `"${r.name}" – ${r.reason}`).join("; ")}.`;
}

/** Whether the kept original of `img` exists (only those can be re-cropped). */
export async function hasOriginal(img: string | null | undefined) {
  if (!img || !IMG_NAME.test(img)) return false;
  return fs
    .access(path.join(imgDir(), "orig", img))
    .then(() => true)
    .catch(() => false);
}

export type CropFormResult =
  | { ok: true }
  | { ok: false; status: number; error: string; values: { zoom?: string; posx?: string; posy?: string } };

/**
 * Reads a crop form (fields of the cropper or of the no-JavaScript form, optionally a replacement
 * image in `img`) and runs `crop`; refusals come back as a status and a Portuguese message.
 */
export async function runCropForm(
  request: Request,
  crop: (req: CropRequest, upload: Upload | undefined) => Promise<unknown>,
): Promise<CropFormResult> {
  let values: { zoom?: string; posx?: string; posy?: string } = {};
  try {
    const { form, uploads, refused } = await readUploadForm(request, { fileFields: (n) => n === "img", maxFiles: 1 });
    const text = (k: string) => {
      const v = form.get(k);
      return typeof v === "string" ? v.slice(0, 20) : undefined;
    };
    values = { zoom: text("zoom"), posx: text("posx"), posy: text("posy") };
    if (refused.length) return { ok: false, status: 413, error: refusedMessage(refused), values };
    const input = readCropInput(form);
    if (!input.ok) return { ok: false, status: 400, error: input.error, values };
    await crop(input.value, uploads[0]);
    return { ok: true };
  } catch (e) {
    if (e instanceof PhotoError || e instanceof UploadError) return { ok: false, status: e.status, error: e.message, values };
    if (e instanceof ImageError) return { ok: false, status: 400, error: `Não foi possível ajustar a imagem: ${e.message}.`, values };
    throw e;
  }
}

/** A photo, only when it belongs to that property. */
export async function getFotoOf(imovelId: number, fotoId: number) {
  const [foto] = await getDb()
    .select()
    .from(imovelFotos)
    .where(and(eq(imovelFotos.id, fotoId), eq(imovelFotos.imovel_id, imovelId)))
    .limit(1);
  return foto ?? null;
}
