// Helpers of the photo tests: files in the photo store (IMG_DIR, or the bucket of the s3 project),
// generated images, rows of a listing.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { getDb } from "~/db/client.server";
import { imoveis, imovelFotos } from "~/db/schema";
import { imageFileNames } from "~/services/image-files.server";
import type { ImageUpload } from "~/services/images.server";
import { readWhole } from "~/services/storage/contract.server";
import { getPhotoStore } from "~/services/storage/store.server";

export const LIMIT = 20_000_000; // MAX_UPLOAD_BYTES of the test env (the default)

/** Every file in the store (orig/ ones as "orig/<name>"). */
export async function files() {
  const names = new Set<string>();
  for await (const o of getPhotoStore().list()) names.add(o.name);
  return names;
}

/** A stored file's bytes; fails the test when it is missing. */
export async function stored(name: string) {
  const buf = await readWhole(getPhotoStore(), name);
  if (!buf) throw new Error(`${name} não está no armazenamento`);
  return buf;
}
export const added = (before: Set<string>, after: Set<string>) => [...after].filter((n) => !before.has(n)).sort();
export const expectedFiles = (imgs: string[]) => imgs.flatMap(imageFileNames).map((n) => n.replace(/\\/g, "/")).sort();

export const solid = (w: number, h: number, color: string) =>
  sharp({ create: { width: w, height: h, channels: 3, background: color } });
export const jpeg = (w = 800, h = 600, color = "#3366aa") => solid(w, h, color).jpeg().toBuffer();

/** 800×600: top-left red, top-right green, bottom-left blue, bottom-right yellow. */
export async function quadrants() {
  const q = (color: string) => solid(400, 300, color).png().toBuffer();
  return solid(800, 600, "#000000")
    .composite([
      { input: await q("#ff0000"), left: 0, top: 0 },
      { input: await q("#00ff00"), left: 400, top: 0 },
      { input: await q("#0000ff"), left: 0, top: 300 },
      { input: await q("#ffff00"), left: 400, top: 300 },
    ])
    .jpeg({ quality: 95 })
    .toBuffer();
}

export async function centre(img: string) {
  const file = await stored(img);
  const meta = await sharp(file).metadata();
  const { data } = await sharp(file)
    .extract({ left: Math.floor(meta.width! / 2) - 2, top: Math.floor(meta.height! / 2) - 2, width: 4, height: 4 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: meta.width, height: meta.height, rgb: [data[0], data[1], data[2]] };
}


export const up = (name: string, buffer: Buffer, index = 0): ImageUpload => ({ field: "img", name, buffer, index });

export async function fotosOf(id: number) {
  return getDb().select().from(imovelFotos).where(eq(imovelFotos.imovel_id, id)).orderBy(imovelFotos.position);
}
export async function capaOf(id: number) {
  const [row] = await getDb().select({ capa: imoveis.capa }).from(imoveis).where(eq(imoveis.id, id));
  return row.capa;
}

export function multipart(parts: [string, string | File][], extraHeaders: Record<string, string> = {}) {
  const body = new FormData();
  for (const [k, v] of parts) body.append(k, v);
  return new Request("http://localhost/admin/imovelEdit/1/fotos", { method: "POST", body, headers: extraHeaders });
}
