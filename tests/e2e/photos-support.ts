import fs from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import type { APIResponse, Page } from "@playwright/test";
import sharp from "sharp";
import { query } from "./db";
import { E2E } from "./env";
import { photoListing } from "./listings";
import { expect } from "./helpers";

// Helpers of the photo specs (photos.spec, photos-uploads.spec). Both projects run at once against
// one server: each takes its own listings (by project), and the banner (a single, shared thing) is
// changed under a lock held across processes.

/** MAX_UPLOAD_BYTES (the default): the server refuses a file over it. */
export const LIMIT = 20_000_000;
/** The description's 'Limite 1.3mb': with JavaScript a photo over it is flagged and reduced before it is sent. */
export const REDUCE_ABOVE = 1_500_000;

/**
 * A listing of this project alone, among the seeded ones reserved for the photo tests: by default
 * the 4th newest active one of a status for js, the 5th for nojs. Reserved by listings.ts, so no
 * other spec inserts before it, switches it or deletes it, and the two projects never share one.
 */
export const pick = photoListing;

export const fotos = (id: number) =>
  query<{ id: number; img: string }>("SELECT id, img FROM imovel_fotos WHERE imovel_id = ? ORDER BY position, id", [id]);
export const capa = async (id: number) => (await query<{ capa: string | null }>("SELECT capa FROM imoveis WHERE id = ?", [id]))[0].capa;
export const banner = async () => (await query<{ banner: string }>("SELECT banner FROM banners ORDER BY id DESC LIMIT 1"))[0]?.banner;
export const exists = (name: string) =>
  fs.access(path.join(E2E.IMG_DIR, name)).then(
    () => true,
    () => false,
  );

export const solid = (w: number, h: number, color: string) => sharp({ create: { width: w, height: h, channels: 3, background: color } });

/** 800×600: top-left red, top-right green, bottom-left blue, bottom-right yellow. */
export async function quadrants(format: "jpeg" | "png" = "jpeg") {
  const q = (color: string) => solid(400, 300, color).png().toBuffer();
  const img = solid(800, 600, "#000000").composite([
    { input: await q("#ff0000"), left: 0, top: 0 },
    { input: await q("#00ff00"), left: 400, top: 0 },
    { input: await q("#0000ff"), left: 0, top: 300 },
    { input: await q("#ffff00"), left: 400, top: 300 },
  ]);
  return format === "png" ? img.png().toBuffer() : img.jpeg({ quality: 95 }).toBuffer();
}

export async function pixelAtCentre(name: string) {
  const file = path.join(E2E.IMG_DIR, name);
  const meta = await sharp(file).metadata();
  const { data } = await sharp(file)
    .extract({ left: Math.floor(meta.width! / 2), top: Math.floor(meta.height! / 2), width: 1, height: 1 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: meta.width, height: meta.height, rgb: [data[0], data[1], data[2]] as const };
}
export const isColour = (rgb: readonly number[], want: [boolean, boolean, boolean]) =>
  rgb.every((v, i) => (want[i] ? v > 190 : v < 70));

export type FilePart = { name: string; mimeType: string; buffer: Buffer };
export const file = (name: string, buffer: Buffer, mimeType = "image/jpeg"): FilePart => ({ name, mimeType, buffer });

/** Posts to the 'Imagens atuais' action as the logged-in admin; no redirect followed. */
export function postFotos(page: Page, id: number, fields: [string, string | FilePart][]): Promise<APIResponse> {
  const form = new FormData();
  for (const [k, v] of fields) {
    form.append(k, typeof v === "string" ? v : new File([new Uint8Array(v.buffer)], v.name, { type: v.mimeType }));
  }
  return page.request.post(`/admin/imovelEdit/${id}/fotos`, { multipart: form, maxRedirects: 0 });
}

/** Listens on `address`; null when another process already does. */
function bind(address: string) {
  return new Promise<net.Server | null>((resolve, reject) => {
    const server = net.createServer();
    server.once("error", (e: NodeJS.ErrnoException) => (e.code === "EADDRINUSE" ? resolve(null) : reject(e)));
    server.listen(address, () => resolve(server));
  });
}

/**
 * A lock shared by the worker processes of both projects: a socket listening in Linux's abstract
 * namespace (no file to leave behind). Binding it is atomic and the kernel releases it when its
 * holder ends, however it ends: it is never taken from a holder that still runs, however long that
 * one holds it (its own test's timeout bounds that), and a holder that was killed keeps nobody out.
 */
export async function withLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const address = `\0imob-e2e-lock-${name}-${process.env.E2E_PORT ?? "x"}`;
  let held: net.Server | null;
  while (!(held = await bind(address))) await new Promise((r) => setTimeout(r, 200));
  try {
    return await fn();
  } finally {
    await new Promise((r) => held!.close(r));
  }
}

/** Drags the picture inside the cropper frame by (dx, dy) CSS pixels. */
export async function dragCropper(page: Page, dx: number, dy: number) {
  const frame = page.getByTestId("cropper-frame");
  const box = (await frame.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 8 });
  await page.mouse.move(x + dx, y + dy, { steps: 8 });
  await page.mouse.up();
}

export async function cropperReady(page: Page) {
  await expect(page.getByRole("img", { name: "Imagem a ajustar" })).toBeVisible();
  await expect(page.locator('input[type="hidden"][name="width"]')).toBeAttached();
}

/**
 * A 4000×3000 photo as a phone takes it, ~6 MB (grain defeats compression); `exif` adds metadata
 * (sharp's withExif: a location in IFD3) and an EXIF orientation.
 */
export async function phonePhoto(exif?: { orientation: number; tags: Record<string, Record<string, string>> }) {
  const [width, height] = [4000, 3000];
  const raw = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let i = 0; i < raw.length; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    raw[i] = ((i / 3) % width) / 20 + (seed >>> 26);
  }
  const jpeg = sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 93 });
  return (exif ? jpeg.withExif(exif.tags).withMetadata({ orientation: exif.orientation }) : jpeg).toBuffer();
}
