import sharp from "sharp";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDb } from "~/db/client.server";
import { addFotos, deleteFoto, refusedMessage, removeUnusedImages, setCapa } from "~/models/listings/foto.server";
import { insertImovel } from "~/models/listings/imovel.server";
import { imageFileNames } from "~/services/image-files.server";
import { storeImage } from "~/services/images.server";
import { resetDb } from "./db";
import { readUploadForm } from "~/http/uploads.server";
import { LIMIT, added, capaOf, expectedFiles, files, fotosOf, jpeg, multipart, solid, stored, up } from "./photo-support";
import { SYSTEM } from "~/models/history/history.server";

describe("photo pipeline on a real database and photo store", () => {
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
    const result = await addFotos(SYSTEM, id, [bad[0], good[0], bad[1], good[1], bad[2], good[2], bad[3]]);

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
    const result = await addFotos(SYSTEM, id, [up("x.jpg", Buffer.from("texto")), up("a.gif", Buffer.from("GIF89a......"))]);
    expect(result.added).toEqual([]);
    expect(result.refused).toHaveLength(2);
    expect(await fotosOf(id)).toEqual([]);
    expect(added(before, await files())).toEqual([]);
  });

  it("removes the files it wrote when the transaction fails", async () => {
    const before = await files();
    await expect(addFotos(SYSTEM, 987654, [up("a.jpg", await jpeg())])).rejects.toThrow(/Imóvel não encontrado/);
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

    const { added: [foto] } = await addFotos(SYSTEM, id, [up("gps.jpg", withGps)]);
    for (const name of imageFileNames(foto.img)) {
      const buf = await stored(name);
      const meta = await sharp(buf).metadata();
      expect(meta.exif, name).toBeUndefined();
      expect(buf.includes(Buffer.from("Camera de Teste")), name).toBe(false);
    }
  });

  it("sets the cover chosen among the uploads, by its index in the request", async () => {
    const id = await insertImovel({ descricao: "" });
    const { added: first } = await addFotos(SYSTEM, id, [up("a.jpg", await jpeg(), 0), up("b.jpg", await jpeg(), 1)], {
      capaIndex: 1,
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
    const { added: second } = await addFotos(SYSTEM, id, uploads, { capaIndex: 1 });
    expect(await capaOf(id)).toBe(second[0].img);

    // A cover index that points to a refused file changes nothing.
    await addFotos(SYSTEM, id, [up("x.jpg", Buffer.from("texto"), 0), up("c.jpg", await jpeg(), 1)], { capaIndex: 0 });
    expect(await capaOf(id)).toBe(second[0].img);
  });

  it("setCapa accepts only a photo of that property", async () => {
    const a = await insertImovel({ descricao: "" });
    const b = await insertImovel({ descricao: "" });
    const { added: fa } = await addFotos(SYSTEM, a, [up("a.jpg", await jpeg())]);
    const { added: fb } = await addFotos(SYSTEM, b, [up("b.jpg", await jpeg())]);
    expect(await setCapa(SYSTEM, a, fb[0].img)).toBe(false);
    expect(await setCapa(SYSTEM, a, "../../etc/passwd")).toBe(false);
    expect(await capaOf(a)).toBeNull();
    expect(await setCapa(SYSTEM, a, fa[0].img)).toBe(true);
    expect(await capaOf(a)).toBe(fa[0].img);
  });

  it("deletes a photo and its files; when it was the cover the first remaining one takes over", async () => {
    const id = await insertImovel({ descricao: "" });
    const three = [up("a.jpg", await jpeg(), 0), up("b.jpg", await jpeg(), 1), up("c.jpg", await jpeg(), 2)];
    const { added: f } = await addFotos(SYSTEM, id, three, { capaIndex: 1 });
    expect(await capaOf(id)).toBe(f[1].img);
    const before = await files();

    expect(await deleteFoto(SYSTEM, f[1].id)).toEqual({ imovelId: id });
    expect((await fotosOf(id)).map((r) => r.img)).toEqual([f[0].img, f[2].img]);
    expect(await capaOf(id)).toBe(f[0].img);
    const after = await files();
    for (const n of expectedFiles([f[1].img])) expect(after.has(n), n).toBe(false);
    expect(before.size - after.size).toBe(expectedFiles([f[1].img]).length);

    // Deleting a photo that is not the cover leaves the cover alone.
    await deleteFoto(SYSTEM, f[2].id);
    expect(await capaOf(id)).toBe(f[0].img);
    // The last one goes: no cover at all.
    await deleteFoto(SYSTEM, f[0].id);
    expect(await capaOf(id)).toBeNull();
    expect(await deleteFoto(SYSTEM, f[0].id)).toBeNull();
  });

  it("removeUnusedImages keeps files still used by a row", async () => {
    const id = await insertImovel({ descricao: "" });
    const { added: f } = await addFotos(SYSTEM, id, [up("a.jpg", await jpeg())]);
    const loose = (await storeImage(await jpeg())).img;
    await removeUnusedImages([f[0].img, loose]);
    const now = await files();
    expect(now.has(f[0].img)).toBe(true);
    expect(now.has(loose)).toBe(false);
    expect(now.has(`orig/${loose}`)).toBe(false);
  });

});
