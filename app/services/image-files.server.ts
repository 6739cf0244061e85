// The files of a stored image and the operations on whole images (write all, read the original,
// remove, copy), through the configured photo store. The pipeline that renders them is
// images.server.ts; where they live (disk or bucket) is storage/.
import crypto from "node:crypto";
import path from "node:path";
import { getEnv } from "../env.server";
import { IMG_NAME, VARIANT_WIDTHS } from "../utils/img";
import { StorageError, readWhole } from "./storage/contract.server";
import { getPhotoStore } from "./storage/store.server";
import { logFor } from "../log.server";

const log = logFor("photos");

/** The local photo folder: the store when STORAGE=local, the source of `npm run storage:copy`. */
export function imgDir() {
  return path.resolve(getEnv().IMG_DIR);
}

/** The kept original of a served image `<key>.jpg`: orig/<key>.jpg. */
export const originalName = (img: string) => `orig/${img}`;

export function newKey() {
  return crypto.randomBytes(10).toString("hex");
}

const TYPES: Record<string, string> = { jpg: "image/jpeg", jpeg: "image/jpeg", png: "image/png", webp: "image/webp", avif: "image/avif" };
// Generated names (random key) never change content, so they can be cached forever.
const GENERATED = /^[a-f0-9]{20}(-\d+)?\.(jpg|webp)$/;

/**
 * How a stored name is served: its type and caching. Originals are for admins only (private);
 * undefined for a name that is not an image.
 */
export function servingOf(name: string): { contentType: string; cacheControl: string } | undefined {
  const base = name.startsWith("orig/") ? name.slice(5) : name;
  const contentType = TYPES[base.split(".").pop()?.toLowerCase() ?? ""];
  if (!contentType) return undefined;
  if (name !== base) return { contentType, cacheControl: "private, max-age=31536000, immutable" };
  return { contentType, cacheControl: GENERATED.test(base) ? "public, max-age=31536000, immutable" : "public, max-age=3600" };
}

/** Every file of a served image: the JPEG, its WebP variants and its kept original. */
export function imageFileNames(img: string) {
  if (!IMG_NAME.test(img)) return [];
  const key = img.slice(0, -4);
  return [img, ...VARIANT_WIDTHS.map((w) => `${key}-${w}.webp`), originalName(img)];
}

/**
 * Writes every file of a new image, or none of them: when one write fails, the others are
 * removed again and the failure (a StorageError) is thrown.
 */
export async function writeImageFiles(files: [string, Buffer][]) {
  const store = getPhotoStore();
  // In parallel: against a bucket each write is a round trip.
  const results = await Promise.allSettled(files.map(([name, data]) => store.put(name, data, { size: data.length, ...servingOf(name)! })));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (!failed) return;
  await store.delete(files.map(([name]) => name)).catch((err) => log.error({ err }, "Arquivos de imagem não removidos após uma falha"));
  throw failed.reason;
}

/** The kept original of `img`, whole; null when there is none. */
export function readOriginal(img: string): Promise<Buffer | null> {
  return readWhole(getPhotoStore(), originalName(img));
}

/** Removes a served image, its variants and its original. Missing files are fine. */
export async function removeImageFiles(img: string) {
  await getPhotoStore().delete(imageFileNames(img));
}

/**
 * removeImageFiles for clean-ups (after a commit, or after a failure that is being reported): a
 * store that fails then leaves files no row points to, which is logged by name, not thrown.
 */
export async function discardImageFiles(img: string) {
  try {
    await removeImageFiles(img);
  } catch (e) {
    if (!(e instanceof StorageError)) throw e;
    log.error(`Arquivos da imagem ${img} não removidos (${e.message}); nenhuma linha aponta para eles.`);
  }
}

/** Copies an image under a new name (a hard link on disk): cheap copies for seeding. */
export async function linkImageCopy(img: string) {
  const store = getPhotoStore();
  const to = imageFileNames(`${newKey()}.jpg`);
  const from = imageFileNames(img);
  await Promise.all(from.map((name, i) => store.copy(name, to[i])));
  return to[0];
}

/** Whether the kept original of `img` exists (only those can be re-cropped). */
export async function hasOriginal(img: string | null | undefined) {
  if (!img || !IMG_NAME.test(img)) return false;
  try {
    return (await getPhotoStore().stat(originalName(img))) !== null;
  } catch (e) {
    // The crop page still opens (a replacement can be dropped on it); saving then says what failed.
    if (!(e instanceof StorageError)) throw e;
    log.error(e.message);
    return false;
  }
}
