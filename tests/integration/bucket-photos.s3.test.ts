// Photos in an S3-compatible bucket (s3rver on 127.0.0.1, project "s3"): what each operation leaves
// in the bucket, checked with S3's own listing, and /img/* streamed from it.
import fs from "node:fs/promises";

import sharp from "sharp";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { closeDb } from "~/db/client.server";
import { addFotos, deleteFoto, setCapa } from "~/models/listings/foto.server";
import { cropFoto } from "~/models/listings/foto-crop.server";
import { cropBanner, replaceBanner } from "~/models/listings/banner.server";
import { insertImovel } from "~/models/listings/imovel.server";
import * as img from "~/routes/img.$file";
import { resetDb } from "./db";
import { bucketObjects, emptyBucket, objectsOf } from "./bucket-support";
import { capaOf, jpeg, quadrants, up } from "./photo-support";
import { SYSTEM } from "~/models/history/history.server";
import { routeArgs } from "../route-args";

const keys = async () => [...(await bucketObjects()).keys()].sort();
const serve = (name: string) => img.loader(routeArgs(new Request(`http://localhost/img/${name}`), { file: name }));

describe("photos in an S3-compatible bucket", () => {
  beforeEach(async () => {
    await resetDb();
    await emptyBucket();
  });
  afterAll(closeDb);

  it("upload writes the original and every variant to the bucket, nothing to IMG_DIR", async () => {
    const id = await insertImovel({ descricao: "" });
    const { added } = await addFotos(SYSTEM, id, [up("a.jpg", await jpeg(1600, 1200)), up("b.png", await quadrants(), 1)], { capaIndex: 1 });
    expect(added).toHaveLength(2);
    const now = await bucketObjects();
    for (const a of added) for (const k of objectsOf(a.img)) expect(now.get(k), k).toBeGreaterThan(0);
    expect([...now.keys()].sort()).toEqual(added.flatMap((a) => objectsOf(a.img)).sort());
    expect(await capaOf(id)).toBe(added[1].img);
    // The local folder of this process was not used at all.
    const local = await fs.readdir(process.env.IMG_DIR!).catch(() => []);
    for (const a of added) expect(local).not.toContain(a.img);
  });

  it("a crop reads the original from the bucket, writes new objects and removes the old ones; delete removes all", async () => {
    const id = await insertImovel({ descricao: "" });
    const { added: [foto] } = await addFotos(SYSTEM, id, [up("q.jpg", await quadrants())], { capaIndex: 0 });
    // The original is only in the bucket: the crop of the bottom-left quadrant must be blue.
    const cropped = await cropFoto(SYSTEM, foto.id, { left: 0, top: 300, width: 400, height: 300 });
    const now = await bucketObjects();
    for (const k of objectsOf(foto.img)) expect(now.has(k), k).toBe(false);
    for (const k of objectsOf(cropped)) expect(now.has(k), k).toBe(true);
    const res = await serve(cropped);
    const { data } = await sharp(Buffer.from(await res.arrayBuffer())).extract({ left: 198, top: 148, width: 4, height: 4 }).raw().toBuffer({ resolveWithObject: true });
    expect(data[2]).toBeGreaterThan(200);
    expect(data[0]).toBeLessThan(60);
    expect(await capaOf(id)).toBe(cropped);

    const { added: [other] } = await addFotos(SYSTEM, id, [up("b.jpg", await jpeg())]);
    expect(await setCapa(SYSTEM, id, other.img)).toBe(true);
    await deleteFoto(SYSTEM, foto.id);
    await deleteFoto(SYSTEM, other.id);
    expect(await keys()).toEqual([]);
  });

  it("replacing and cropping the banner leave only the current banner's objects", async () => {
    const first = await replaceBanner(SYSTEM, up("b1.jpg", await jpeg(1800, 750)));
    const second = await replaceBanner(SYSTEM, up("b2.png", await quadrants()));
    expect(await keys()).toEqual(objectsOf(second).sort());
    const cropped = await cropBanner(SYSTEM, { left: 0, top: 0, width: 600, height: 250 });
    expect(await keys()).toEqual(objectsOf(cropped).sort());
    expect(first).not.toBe(cropped);
    expect((await sharp(Buffer.from(await (await serve(cropped)).arrayBuffer())).metadata()).width).toBe(1200);
  });

  it("/img/* streams from the bucket with its type, length and caching; 404 in Portuguese when missing", async () => {
    const id = await insertImovel({ descricao: "" });
    const { added: [foto] } = await addFotos(SYSTEM, id, [up("a.jpg", await jpeg())]);
    const sizes = await bucketObjects();
    for (const [name, type] of [[foto.img, "image/jpeg"], [foto.img.replace(".jpg", "-800.webp"), "image/webp"]]) {
      const res = await serve(name);
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Type")).toBe(type);
      expect(res.headers.get("Content-Length")).toBe(String(sizes.get(name)));
      expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect((await res.arrayBuffer()).byteLength).toBe(sizes.get(name));
    }
    const missing = await serve("0123456789abcdef0123.jpg");
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe("Imagem não encontrada");
    // The originals are objects too, but never reachable through /img.
    expect((await serve(`orig%2F${foto.img}`)).status).toBe(404);
  });

  it("with IMG_PUBLIC_URL, /img/* redirects to the CDN in front of the bucket, keeping the caching", async () => {
    vi.resetModules();
    process.env.IMG_PUBLIC_URL = "https://cdn.exemplo.com/fotos/";
    try {
      const fresh = await import("~/routes/img.$file");
      const name = "0123456789abcdef0123-400.webp";
      const res = await fresh.loader(routeArgs(new Request(`http://localhost/img/${name}`), { file: name }));
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe(`https://cdn.exemplo.com/fotos/${name}`);
      expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    } finally {
      delete process.env.IMG_PUBLIC_URL;
      vi.resetModules();
    }
  });
});


