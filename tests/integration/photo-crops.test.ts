import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDb, getDb } from "~/db/client.server";
import { banners } from "~/db/schema";
import { cropBanner, getBanner, insertBanner, replaceBanner } from "~/models/listings/banner.server";
import { addFotos, setCapa } from "~/models/listings/foto.server";
import { cropCapa, cropFoto } from "~/models/listings/foto-crop.server";
import { insertImovel } from "~/models/listings/imovel.server";
import { storeImage } from "~/services/images.server";
import { resetDb } from "./db";
import { imgSize } from "./api-support";
import { added, capaOf, centre, expectedFiles, files, fotosOf, jpeg, quadrants, up } from "./photo-support";
import { SYSTEM } from "~/models/history/history.server";

describe("crops and the banner on a real database and photo store", () => {
  beforeEach(resetDb);
  afterAll(closeDb);

  it("crops from the kept original into 400×300 under a new name, with the expected colour at the centre", async () => {
    const id = await insertImovel({ descricao: "" });
    const { added: [foto] } = await addFotos(SYSTEM, id, [up("quadrantes.jpg", await quadrants())], { capaIndex: 0 });
    const old = await files();

    // The cropper's box: exactly the top-right quadrant.
    const img = await cropFoto(SYSTEM, foto.id, { left: 400, top: 0, width: 400, height: 300 });
    expect(img).not.toBe(foto.img);
    const c1 = await centre(img);
    expect([c1.width, c1.height]).toEqual([400, 300]);
    expect(c1.rgb[1]).toBeGreaterThan(200);
    expect(c1.rgb[0]).toBeLessThan(60);
    expect(c1.rgb[2]).toBeLessThan(60);
    expect((await fotosOf(id))[0].img).toBe(img);
    expect(await capaOf(id)).toBe(img);
    const now = await files();
    for (const n of expectedFiles([foto.img])) expect(now.has(n), n).toBe(false);
    expect(added(old, now)).toEqual(expectedFiles([img]));
    // A crop narrower than every variant width is served at its own size under each variant's name.
    for (const w of [400, 800, 1200]) expect(await imgSize(img.replace(".jpg", `-${w}.webp`)), `${w}w`).toEqual([400, 300]);

    // Re-cropping starts again from the whole original: the no-JS fields (zoom 2, left, bottom) → blue.
    const img2 = await cropFoto(SYSTEM, foto.id, { zoom: 2, x: 0, y: 100 });
    const c2 = await centre(img2);
    expect([c2.width, c2.height]).toEqual([400, 300]);
    expect(c2.rgb[2]).toBeGreaterThan(200);
    expect(c2.rgb[0]).toBeLessThan(60);
    expect(c2.rgb[1]).toBeLessThan(60);

    // A box measured on a smaller copy (srcW × srcH) is scaled to the original: bottom-right → yellow.
    const img3 = await cropFoto(SYSTEM, foto.id, { left: 200, top: 150, width: 200, height: 150, sourceWidth: 400, sourceHeight: 300 });
    const c3 = await centre(img3);
    expect(c3.rgb[0]).toBeGreaterThan(200);
    expect(c3.rgb[1]).toBeGreaterThan(200);
    expect(c3.rgb[2]).toBeLessThan(60);
  });

  it("crops a replacement upload (dropped on the cropper) into the photo, leaving only the new files", async () => {
    const id = await insertImovel({ descricao: "" });
    const { added: [foto] } = await addFotos(SYSTEM, id, [up("velha.jpg", await jpeg(1600, 1200, "#777777"))], { capaIndex: 0 });
    const old = await files();
    // Box measured on the dropped 800×600 file as the browser showed it: bottom-right → yellow.
    const img = await cropFoto(SYSTEM, 
      foto.id,
      { left: 400, top: 300, width: 400, height: 300, sourceWidth: 800, sourceHeight: 600 },
      { upload: up("nova.png", await quadrants()) },
    );
    const c = await centre(img);
    expect([c.width, c.height]).toEqual([400, 300]);
    expect(c.rgb[0]).toBeGreaterThan(200);
    expect(c.rgb[1]).toBeGreaterThan(200);
    expect(c.rgb[2]).toBeLessThan(60);
    expect(await capaOf(id)).toBe(img);
    const now = await files();
    expect(added(old, now)).toEqual(expectedFiles([img]));
    for (const n of expectedFiles([foto.img])) expect(now.has(n), n).toBe(false);

    // A bad replacement is refused by name and changes nothing.
    await expect(cropFoto(SYSTEM, foto.id, { zoom: 1, x: 50, y: 50 }, { upload: up("x.jpg", Buffer.from("texto")) })).rejects.toMatchObject({
      kind: "invalid",
      message: expect.stringContaining('"x.jpg"'),
    });
    expect((await fotosOf(id))[0].img).toBe(img);
    expect(await files()).toEqual(now);
  });

  it("crops the cover as cards show it (capa, else the first photo)", async () => {
    const id = await insertImovel({ descricao: "" });
    const { added: f } = await addFotos(SYSTEM, id, [up("q.jpg", await quadrants()), up("b.jpg", await jpeg())]);
    expect(await capaOf(id)).toBeNull();
    const img = await cropCapa(SYSTEM, id, { left: 0, top: 300, width: 400, height: 300 });
    expect((await fotosOf(id)).map((r) => r.img)).toEqual([img, f[1].img]);
    expect(await capaOf(id)).toBeNull();
    expect((await centre(img)).rgb[2]).toBeGreaterThan(200);

    await setCapa(SYSTEM, id, f[1].img);
    const img2 = await cropCapa(SYSTEM, id, { zoom: 1, x: 50, y: 50 });
    expect(await capaOf(id)).toBe(img2);
    expect((await fotosOf(id))[1].img).toBe(img2);

    const empty = await insertImovel({ descricao: "" });
    await expect(cropCapa(SYSTEM, empty, { zoom: 1, x: 50, y: 50 })).rejects.toMatchObject({ kind: "conflict" });
  });

  it("replaces and crops the banner at 1200×500, removing the old files after the commit", async () => {
    const first = (await storeImage(await jpeg(1800, 750), { fit: { width: 1200, height: 500 } })).img;
    await insertBanner(first);
    const replaced = await replaceBanner(SYSTEM, up("banner.png", await quadrants()));
    expect((await getBanner())?.banner).toBe(replaced);
    expect(await getDb().select().from(banners)).toHaveLength(1);
    let now = await files();
    expect(now.has(first)).toBe(false);
    expect(now.has(`orig/${first}`)).toBe(false);
    const c = await centre(replaced);
    expect([c.width, c.height]).toEqual([1200, 500]);

    // 800×600 original, 12:5 box of the top half → the centre falls on the red/green edge; pick the left part.
    const cropped = await cropBanner(SYSTEM, { left: 0, top: 0, width: 600, height: 250 });
    const c2 = await centre(cropped);
    expect([c2.width, c2.height]).toEqual([1200, 500]);
    expect(c2.rgb[0]).toBeGreaterThan(200);
    expect(c2.rgb[1]).toBeLessThan(60);
    expect((await getBanner())?.banner).toBe(cropped);
    now = await files();
    expect(now.has(replaced)).toBe(false);
    expect(now.has(cropped)).toBe(true);

    await expect(replaceBanner(SYSTEM, up("falso.jpg", Buffer.from("texto")))).rejects.toThrow(/"falso.jpg"/);
    expect((await getBanner())?.banner).toBe(cropped);
  });
});

