// Where image files live on disk and the operations on whole files: names, removal, copies.
// The pipeline that creates them is images.server.ts.
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { getEnv } from "../env.server";
import { IMG_NAME, VARIANT_WIDTHS } from "../utils/img";

export function imgDir() {
  return path.resolve(getEnv().IMG_DIR);
}
export function origDir() {
  return path.join(imgDir(), "orig");
}
/** The kept original of a served image `<key>.jpg`: orig/<key>.jpg. */
export function originalPath(img: string) {
  return path.join(origDir(), img);
}

export function newKey() {
  return crypto.randomBytes(10).toString("hex");
}

export async function writeAtomically(file: string, data: Buffer) {
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}.tmp`;
  await fs.writeFile(tmp, data);
  await fs.rename(tmp, file);
}

/** Every file of a served image: the JPEG, its WebP variants and its kept original. */
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
  const to = imageFileNames(`${newKey()}.jpg`);
  const from = imageFileNames(img);
  for (let i = 0; i < from.length; i++) {
    await fs.link(path.join(dir, from[i]), path.join(dir, to[i])).catch(async () => {
      await fs.copyFile(path.join(dir, from[i]), path.join(dir, to[i]));
    });
  }
  return to[0];
}

/** Whether the kept original of `img` exists (only those can be re-cropped). */
export async function hasOriginal(img: string | null | undefined) {
  if (!img || !IMG_NAME.test(img)) return false;
  return fs
    .access(originalPath(img))
    .then(() => true)
    .catch(() => false);
}
