import fs from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDb, getDb } from "~/db/client.server";
import { banners, imoveis, imovelFotos } from "~/db/schema";
import { getBanner, insertBanner } from "~/models/banner.server";
import {
  addPhotos,
  cropBanner,
  cropCover,
  cropPhoto,
  deletePhoto,
  deletePhotoFilesOf,
  readCropInput,
  refusedMessage,
  replaceBanner,
  resolveCropBox,
  setCover,
} from "~/models/foto.server";
import { imageFileNames, imgDir, storeImage } from "~/models/images.server";
import { insertImovel } from "~/models/imovel.server";
import { UploadError, readUploadForm, type Upload } from "~/models/upload.server";
import { resetDb } from "./db";

const LIMIT = 1_500_000; // MAX_UPLOAD_BYTES of the test env (the default)

async function files() {
  const dir = imgDir();
  await fs.mkdir(path.join(dir, "orig"), { recursive: true });
  const top = (await fs.readdir(dir)).filter((n) => n !== "orig");
  const orig = (await fs.readdir(path.join(dir, "orig"))).map((n) => `orig/${n}`);
  return new Set([...top, ...orig]);
}
const added = (before: Set<string>, after: Set<string>) => [...after].filter((n) => !before.has(n)).sort();
const expectedFiles = (imgs: string[]) => imgs.flatMap(imageFileNames).map((n) => n.replace(/\\/g, "/")).sort();

const solid = (w: number, h: number, color: string) =>
  sharp({ create: { width: w, height: h, channels: 3, background: color } });
const jpeg = (w = 800, h = 600, color = "#3366aa") => solid(w, h, color).jpeg().toBuffer();

/** 800×600: top-left red, top-right green, bottom-left blue, bottom-right yellow. */
async function quadrants() {
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

async function centre(img: string) {
  const file = path.join(imgDir(), img);
  const meta = await sharp(file).metadata();
  const { data } = await sharp(file)
    .extract({ left: Math.floor(meta.width! / 2) - 2, top: Math.floor(meta.height! / 2) - 2, width: 4, height: 4 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: meta.width, height: meta.height, rgb: [data[0], data[1], data[2]] };
}

const up = (name: string, buffer: Buffer, index = 0): Upload => ({ field: "img", name, buffer, index });

async function fotosOf(id: number) {
  return getDb().select().from(imovelFotos).where(eq(imovelFotos.imovel_id, id)).orderBy(imovelFotos.position);
}
async function capaOf(id: number) {
  const [row] = await getDb().select({ capa: imoveis.capa }).from(imoveis).where(eq(imoveis.id, id));
  return row.capa;
}

function multipart(parts: [string, string | File][], extraHeaders: Record<string, string> = {}) {
  const body = new FormData();
  for (const [k, v] of parts) body.append(k, v);
  return new Request("http://localhost/admin/imovelEdit/1/fotos", { method: "POST", body, headers: extraHeaders });
}

describe("photo pipeline on a real database and image folder", () => {
  beforeEach(resetDb);
  afterAll(closeDb);

  it("stores good files and refuses each bad one by name, leaving no row and no file behind", async () => {
    const id = await insertImovel({ descricao: "" });
    const good = [
      up("sala.jpg", await jpeg(), 0),
      up("quarto.png", await solid(640, 480, "#aa5500").png().toBuffer(), 1),
      up("cozinha.webp", await solid(640, 480, "#118844").webp().toBuffer(), 2),
    ];
    const full = await jpeg(800, 600, "#cc2200");
    const bad = [
      up("x.jpg", Buffer.from("isto não é uma imagem, só texto com nome de foto\n".repeat(20)), 3),
      up(
        "logo.svg",
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
        4,
      ),
      up("enorme.png", await solid(8000, 7500, "#777777").png({ compressionLevel: 9 }).toBuffer(), 5),
      up("cortada.jpg", full.subarray(0, Math.floor(full.length / 2)), 6),
    ];
    const before = await files();
    const result = await addPhotos(id, [bad[0], good[0], bad[1], good[1], bad[2], good[2], bad[3]]);

    expect(result.added).toHaveLength(3);
    expect(result.refused.map((r) => r.name)).toEqual(["x.jpg", "logo.svg", "enorme.png", "cortada.jpg"]);
    expect(result.refused[0].reason).toMatch(/formato não aceito/);
    expect(result.refused[1].reason).toMatch(/formato não aceito/);
    expect(result.refused[2].reason).toMatch(/50 megapixels/);
    expect(result.refused[3].reason).toMatch(/corrompido/);

    const rows = await fotosOf(id);
    expect(rows.map((r) => r.img)).toEqual(result.added.map((a) => a.img));
    expect(rows.map((r) => r.position)).toEqual([0, 1, 2]);
    expect(added(before, await files())).toEqual(expectedFiles(result.added.map((a) => a.img)));

    const msg = refusedMessage(result.refused);
    for (const name of ["x.jpg", "logo.svg", "enorme.png", "cortada.jpg"]) expect(msg).toContain(`"${name}"`);
  });

  it("with only bad files adds no row and no file", async () => {
    const id = await insertImovel({ descricao: "" });
    const before = await files();
    const result = await addPhotos(id, [up("x.jpg", Buffer.from("texto")), up("a.gif", Buffer.from("GIF89a......"))]);
    expect(result.added).toEqual([]);
    expect(result.refused).toHaveLength(2);
    expect(await fotosOf(id)).toEqual([]);
    expect(added(before, await files())).toEqual([]);
  });

  it("removes the files it wrote when the transaction fails", async () => {
    const before = await files();
    await expect(addPhotos(987654, [up("a.jpg", await jpeg())])).rejects.toThrow(/Imóvel não encontrado/);
    expect(added(before, await files())).toEqual([]);
  });

  it("strips EXIF and GPS from every stored file", async () => {
    const id = await insertImovel({ descricao: "" });
    const withGps = await solid(900, 600, "#556677")
      .withExif({
        IFD0: { Make: "Camera de Teste", Copyright: "Fulano" },
        IFD3: { GPSLatitudeRef: "S", GPSLatitude: "20/1 25/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "49/1 58/1 0/1" },
      })
      .jpeg()
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif?.length).toBeGreaterThan(0);
    expect(withGps.includes(Buffer.from("Camera de Teste"))).toBe(true);

    const { added: [foto] } = await addPhotos(id, [up("gps.jpg", withGps)]);
    for (const name of imageFileNames(foto.img)) {
      const buf = await fs.readFile(path.join(imgDir(), name));
      const meta = await sharp(buf).metadata();
      expect(meta.exif, name).toBeUndefined();
      expect(buf.includes(Buffer.from("Camera de Teste")), name).toBe(false);
    }
  });

  it("sets the cover chosen among the uploads, by its index in the request", async () => {
    const id = await insertImovel({ descricao: "" });
    const { added: first } = await addPhotos(id, [up("a.jpg", await jpeg(), 0), up("b.jpg", await jpeg(), 1)], {
      coverIndex: 1,
    });
    expect(await capaOf(id)).toBe(first[1].img);

    // The first file is over the limit and dropped by the parser: index 1 still means the 2nd file.
    const { uploads, refused } = await readUploadForm(
      multipart([
        ["img", new File([new Uint8Array(LIMIT + 1)], "grande.jpg", { type: "image/jpeg" })],
        ["img", new File([await jpeg(640, 480, "#00aa00")], "verde.jpg", { type: "image/jpeg" })],
      ]),
    );
    expect(refused.map((r) => r.name)).toEqual(["grande.jpg"]);
    const { added: second } = await addPhotos(id, uploads, { coverIndex: 1 });
    expect(await capaOf(id)).toBe(second[0].img);

    // A cover index that points to a refused file changes nothing.
    await addPhotos(id, [up("x.jpg", Buffer.from("texto"), 0), up("c.jpg", await jpeg(), 1)], { coverIndex: 0 });
    expect(await capaOf(id)).toBe(second[0].img);
  });

  it("setCover accepts only a photo of that property", async () => {
    const a = await insertImovel({ descricao: "" });
    const b = await insertImovel({ descricao: "" });
    const { added: fa } = await addPhotos(a, [up("a.jpg", await jpeg())]);
    const { added: fb } = await addPhotos(b, [up("b.jpg", await jpeg())]);
    expect(await setCover(a, fb[0].img)).toBe(false);
    expect(await setCover(a, "../../etc/passwd")).toBe(false);
    expect(await capaOf(a)).toBeNull();
    expect(await setCover(a, fa[0].img)).toBe(true);
    expect(await capaOf(a)).toBe(fa[0].img);
  });

  it("deletes a photo and its files; when it was the cover the first remaining one takes over", async () => {
    const id = await insertImovel({ descricao: "" });
    const three = [up("a.jpg", await jpeg(), 0), up("b.jpg", await jpeg(), 1), up("c.jpg", await jpeg(), 2)];
    const { added: f } = await addPhotos(id, three, { coverIndex: 1 });
    expect(await capaOf(id)).toBe(f[1].img);
    const before = await files();

    expect(await deletePhoto(f[1].id)).toEqual({ imovelId: id });
    expect((await fotosOf(id)).map((r) => r.img)).toEqual([f[0].img, f[2].img]);
    expect(await capaOf(id)).toBe(f[0].img);
    const after = await files();
    for (const n of expectedFiles([f[1].img])) expect(after.has(n), n).toBe(false);
    expect(before.size - after.size).toBe(expectedFiles([f[1].img]).length);

    // Deleting a photo that is not the cover leaves the cover alone.
    await deletePhoto(f[2].id);
    expect(await capaOf(id)).toBe(f[0].img);
    // The last one goes: no cover at all.
    await deletePhoto(f[0].id);
    expect(await capaOf(id)).toBeNull();
    expect(await deletePhoto(f[0].id)).toBeNull();
  });

  it("deletePhotoFilesOf keeps files still used by a row", async () => {
    const id = await insertImovel({ descricao: "" });
    const { added: f } = await addPhotos(id, [up("a.jpg", await jpeg())]);
    const loose = (await storeImage(await jpeg())).img;
    await deletePhotoFilesOf([f[0].img, loose]);
    const now = await files();
    expect(now.has(f[0].img)).toBe(true);
    expect(now.has(loose)).toBe(false);
    expect(now.has(`orig/${loose}`)).toBe(false);
  });

  it("crops from the kept original into 400×300 under a new name, with the expected colour at the centre", async () => {
    const id = await insertImovel({ descricao: "" });
    const { added: [foto] } = await addPhotos(id, [up("quadrantes.jpg", await quadrants())], { coverIndex: 0 });
    const old = await files();

    // The cropper's box: exactly the top-right quadrant.
    const img = await cropPhoto(foto.id, { left: 400, top: 0, width: 400, height: 300 });
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

    // Re-cropping starts again from the whole original: the no-JS fields (zoom 2, left, bottom) → blue.
    const img2 = await cropPhoto(foto.id, { zoom: 2, x: 0, y: 100 });
    const c2 = await centre(img2);
    expect([c2.width, c2.height]).toEqual([400, 300]);
    expect(c2.rgb[2]).toBeGreaterThan(200);
    expect(c2.rgb[0]).toBeLessThan(60);
    expect(c2.rgb[1]).toBeLessThan(60);

    // A box measured on a smaller copy (srcW × srcH) is scaled to the original: bottom-right → yellow.
    const img3 = await cropPhoto(foto.id, { left: 200, top: 150, width: 200, height: 150, sourceWidth: 400, sourceHeight: 300 });
    const c3 = await centre(img3);
    expect(c3.rgb[0]).toBeGreaterThan(200);
    expect(c3.rgb[1]).toBeGreaterThan(200);
    expect(c3.rgb[2]).toBeLessThan(60);
  });

  it("crops a replacement upload (dropped on the cropper) into the photo, leaving only the new files", async () => {
    const id = await insertImovel({ descricao: "" });
    const { added: [foto] } = await addPhotos(id, [up("velha.jpg", await jpeg(1600, 1200, "#777777"))], { coverIndex: 0 });
    const old = await files();
    // Box measured on the dropped 800×600 file as the browser showed it: bottom-right → yellow.
    const img = await cropPhoto(
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
    await expect(cropPhoto(foto.id, { zoom: 1, x: 50, y: 50 }, { upload: up("x.jpg", Buffer.from("texto")) })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('"x.jpg"'),
    });
    expect((await fotosOf(id))[0].img).toBe(img);
    expect(await files()).toEqual(now);
  });

  it("crops the cover as cards show it (capa, else the first photo)", async () => {
    const id = await insertImovel({ descricao: "" });
    const { added: f } = await addPhotos(id, [up("q.jpg", await quadrants()), up("b.jpg", await jpeg())]);
    expect(await capaOf(id)).toBeNull();
    const img = await cropCover(id, { left: 0, top: 300, width: 400, height: 300 });
    expect((await fotosOf(id)).map((r) => r.img)).toEqual([img, f[1].img]);
    expect(await capaOf(id)).toBeNull();
    expect((await centre(img)).rgb[2]).toBeGreaterThan(200);

    await setCover(id, f[1].img);
    const img2 = await cropCover(id, { zoom: 1, x: 50, y: 50 });
    expect(await capaOf(id)).toBe(img2);
    expect((await fotosOf(id))[1].img).toBe(img2);

    const empty = await insertImovel({ descricao: "" });
    await expect(cropCover(empty, { zoom: 1, x: 50, y: 50 })).rejects.toMatchObject({ status: 409 });
  });

  it("replaces and crops the banner at 1200×500, removing the old files after the commit", async () => {
    const first = (await storeImage(await jpeg(1800, 750), { fit: { width: 1200, height: 500 } })).img;
    await insertBanner(first);
    const replaced = await replaceBanner(up("banner.png", await quadrants()));
    expect((await getBanner())?.banner).toBe(replaced);
    expect(await getDb().select().from(banners)).toHaveLength(1);
    let now = await files();
    expect(now.has(first)).toBe(false);
    expect(now.has(`orig/${first}`)).toBe(false);
    const c = await centre(replaced);
    expect([c.width, c.height]).toEqual([1200, 500]);

    // 800×600 original, 12:5 box of the top half → the centre falls on the red/green edge; pick the left part.
    const cropped = await cropBanner({ left: 0, top: 0, width: 600, height: 250 });
    const c2 = await centre(cropped);
    expect([c2.width, c2.height]).toEqual([1200, 500]);
    expect(c2.rgb[0]).toBeGreaterThan(200);
    expect(c2.rgb[1]).toBeLessThan(60);
    expect((await getBanner())?.banner).toBe(cropped);
    now = await files();
    expect(now.has(replaced)).toBe(false);
    expect(now.has(cropped)).toBe(true);

    await expect(replaceBanner(up("falso.jpg", Buffer.from("texto")))).rejects.toThrow(/"falso.jpg"/);
    expect((await getBanner())?.banner).toBe(cropped);
  });
});

describe("readUploadForm", () => {
  it("keeps fields, reads img / img[] / img[n], ignores empty inputs and refuses a file over the limit on its own", async () => {
    const ok = await jpeg(320, 240);
    const { form, uploads, refused } = await readUploadForm(
      multipart([
        ["endereco", "Rua Amazonas"],
        ["img", new File([], "")],
        ["img[0]", new File([ok], "a.jpg", { type: "image/jpeg" })],
        ["img[1]", new File([new Uint8Array(LIMIT + 10)], "fotos/grande demais.jpg", { type: "image/jpeg" })],
        ["img[]", new File([ok], "b.jpg", { type: "image/jpeg" })],
        ["outro", new File([ok], "ignorado.jpg", { type: "image/jpeg" })],
        ["capa_upload", "2"],
      ]),
    );
    expect(form.get("endereco")).toBe("Rua Amazonas");
    expect(form.get("capa_upload")).toBe("2");
    expect(form.get("img[0]")).toBeNull();
    expect(uploads.map((u) => [u.field, u.name, u.index])).toEqual([
      ["img[0]", "a.jpg", 0],
      ["img[]", "b.jpg", 2],
    ]);
    expect(uploads[0].buffer.equals(ok)).toBe(true);
    expect(refused).toEqual([{ name: "grande demais.jpg", reason: "maior que o limite de 1.3mb" }]);
  });

  it("refuses too many files with a 413 and too large a request with a 413", async () => {
    const tiny = new Uint8Array(10);
    const many = Array.from({ length: 21 }, (_, i) => ["img", new File([tiny], `f${i}.jpg`)] as [string, File]);
    const e1 = await readUploadForm(multipart(many)).catch((e: unknown) => e);
    expect(e1).toBeInstanceOf(UploadError);
    expect(e1).toMatchObject({ status: 413, message: expect.stringMatching(/^Arquivos demais/) });

    // 20 files are fine.
    expect((await readUploadForm(multipart(many.slice(0, 20)))).uploads).toHaveLength(20);

    const big = multipart([["img", new File([new Uint8Array(300_000)], "a.jpg")]]);
    const e2 = await readUploadForm(big, { maxTotalBytes: 100_000 }).catch((e: unknown) => e);
    expect(e2).toMatchObject({ status: 413, message: expect.stringMatching(/grande demais/) });

    const declared = new Request("http://localhost/x", {
      method: "POST",
      body: "x",
      headers: { "Content-Type": "multipart/form-data; boundary=abc", "Content-Length": String(500 * 1024 * 1024) },
    });
    await expect(readUploadForm(declared)).rejects.toMatchObject({ status: 413 });
  });

  it("reads url-encoded bodies and refuses a broken multipart body with a 400", async () => {
    const { form, uploads } = await readUploadForm(
      new Request("http://localhost/x", {
        method: "POST",
        body: new URLSearchParams({ intent: "capa", img: "abc.jpg" }),
      }),
    );
    expect(form.get("intent")).toBe("capa");
    expect(uploads).toEqual([]);

    const broken = new Request("http://localhost/x", {
      method: "POST",
      body: "isto não é multipart",
      headers: { "Content-Type": "multipart/form-data; boundary=xyz" },
    });
    await expect(readUploadForm(broken)).rejects.toMatchObject({ status: 400 });
  });
});

describe("crop boxes", () => {
  it("turns zoom and position into a box of the right shape inside the image", () => {
    expect(resolveCropBox({ zoom: 1, x: 50, y: 50 }, 800, 600, 4 / 3)).toEqual({ left: 0, top: 0, width: 800, height: 600 });
    expect(resolveCropBox({ zoom: 2, x: 100, y: 0 }, 800, 600, 4 / 3)).toEqual({ left: 400, top: 0, width: 400, height: 300 });
    // Wide banner shape out of a 4:3 image: full width, centred vertically.
    expect(resolveCropBox({ zoom: 1, x: 50, y: 50 }, 1200, 900, 12 / 5)).toEqual({ left: 0, top: 200, width: 1200, height: 500 });
    // Tall image: full width.
    expect(resolveCropBox({ zoom: 1, x: 0, y: 0 }, 600, 1200, 4 / 3)).toEqual({ left: 0, top: 0, width: 600, height: 450 });
  });

  it("fixes a box of the wrong shape or outside the image around its centre", () => {
    expect(resolveCropBox({ left: 100, top: 100, width: 400, height: 100 }, 800, 600, 4 / 3)).toEqual({
      left: 233,
      top: 100,
      width: 133,
      height: 100,
    });
    expect(resolveCropBox({ left: -50, top: 500, width: 400, height: 300 }, 800, 600, 4 / 3)).toEqual({
      left: 0,
      top: 300,
      width: 400,
      height: 300,
    });
    expect(resolveCropBox({ left: 0, top: 0, width: 5000, height: 3750 }, 800, 600, 4 / 3)).toEqual({
      left: 0,
      top: 0,
      width: 800,
      height: 600,
    });
  });

  it("reads the cropper's fields, else the no-JavaScript fields, and refuses nonsense", () => {
    const f = (o: Record<string, string>) => {
      const d = new FormData();
      for (const [k, v] of Object.entries(o)) d.set(k, v);
      return readCropInput(d);
    };
    expect(f({ x: "10", y: "20", width: "400", height: "300", srcW: "800", srcH: "600", zoom: "2" })).toEqual({
      ok: true,
      value: { left: 10, top: 20, width: 400, height: 300, sourceWidth: 800, sourceHeight: 600 },
    });
    expect(f({ zoom: "1.5", posx: "0", posy: "100" })).toEqual({ ok: true, value: { zoom: 1.5, x: 0, y: 100 } });
    expect(f({ zoom: "4" })).toEqual({ ok: false, error: "O zoom deve ser um número de 1 a 3." });
    expect(f({ zoom: "abc" })).toMatchObject({ ok: false });
    expect(f({ zoom: "1", posx: "101" })).toEqual({ ok: false, error: "A posição deve ser um número de 0 a 100." });
    expect(f({ x: "0", y: "0", width: "0", height: "10" })).toMatchObject({ ok: false });
  });
});

describe("resolveCropBox never hands sharp a broken box", () => {
  it("falls back to the centred box for forged numbers", async () => {
    const { resolveCropBox } = await import("~/models/foto.server");
    for (const req of [
      { left: -0.5, top: 0, width: 1, height: 1, sourceWidth: 5e-324 },
      { left: Number.NaN, top: 0, width: 10, height: 10 },
      { left: 0, top: 0, width: Number.POSITIVE_INFINITY, height: 1 },
      { zoom: Number.NaN, x: 0, y: 0 },
    ]) {
      const box = resolveCropBox(req, 800, 600, 4 / 3);
      for (const v of Object.values(box)) expect(Number.isFinite(v)).toBe(true);
      expect(box.width).toBeGreaterThan(0);
      expect(box.left + box.width).toBeLessThanOrEqual(800);
      expect(box.top + box.height).toBeLessThanOrEqual(600);
    }
  });
});
