import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDb } from "~/db/client.server";
import { replaceBanner } from "~/models/listings/banner.server";
import * as alt_banner from "~/routes/api.alt_banner";
import * as crop from "~/routes/api.crop";
import * as cropBanner from "~/routes/api.cropBanner";
import * as cropImg from "~/routes/api.cropImg";
import * as foto_capa from "~/routes/api.foto_capa";
import * as get_banner from "~/routes/api.get_banner";
import * as get_id from "~/routes/api.get_imovel_site_id.$id";
import { resetDb } from "./db";
import { adminToken, call, dataUrl, file, imgExists as exists, imgSize as size, jpeg, req, seedImovel, seedPhotos } from "./api-support";
import { SYSTEM } from "~/models/history/history.server";

const LIMIT = 20_000_000; // MAX_UPLOAD_BYTES of the test env (the default)

let token: string;
const pub = (id: number) => call(get_id, req(`/api/get_imovel_site_id/${id}`), { id: String(id) });

afterAll(closeDb);
beforeEach(async () => {
  await resetDb();
  token = await adminToken();
});

describe("crops and the banner", () => {
  it("crop: the cropped image as a data URL becomes the home image (400×300)", async () => {
    const id = await seedImovel();
    const [f1] = await seedPhotos(id, 1);
    const res = await call(
      crop,
      req("/api/crop", { token, form: { img: dataUrl(await jpeg(800, 600, "#00aa00")), imgOriginal: f1.img, id: String(id) } }),
    );
    expect(res).toMatchObject({ status: 200, body: { ok: true, id, img: expect.stringMatching(/^[0-9a-f]{20}\.jpg$/) } });
    expect(res.body.img).not.toBe(f1.img);
    const got = await pub(id);
    expect(got.body.capa).toBe(res.body.img);
    expect(await size(res.body.img)).toEqual([400, 300]);
    expect(await exists(f1.img)).toBe(false);

    // A crop box without an image re-crops the kept original.
    const boxed = await call(crop, req("/api/crop", { token, form: { id: String(id), x: "0", y: "0", width: "400", height: "300" } }));
    expect(boxed.status).toBe(200);
    expect((await pub(id)).body.capa).toBe(boxed.body.img);
  });

  it("crop refuses a malformed, non-image or oversized data URL, and an unknown property", async () => {
    const id = await seedImovel();
    await seedPhotos(id, 1);
    const send = (img: string, pid = String(id)) => call(crop, req("/api/crop", { token, form: { img, imgOriginal: "x.jpg", id: pid } }));
    const malformed = await send("not a data url");
    expect(malformed).toMatchObject({ status: 400, body: { fields: { img: [expect.any(String)] } } });
    const text = await send(dataUrl(Buffer.from("hello, I am text"), "text/plain"));
    expect(text.status).toBe(400);
    expect(text.body.error).toMatch(/formato não aceito/);
    const big = await send(dataUrl(Buffer.alloc(LIMIT + 1000, 7)));
    expect(big.status).toBe(413);
    expect(big.body.error).toMatch(/maior que o limite/);
    expect((await send(dataUrl(await jpeg(80, 60)), "9999")).status).toBe(404);
    const nothing = await call(crop, req("/api/crop", { token, form: { id: String(id) } }));
    expect(nothing).toMatchObject({ status: 400, body: { fields: { img: [expect.any(String)] } } });
    const outside = await call(crop, req("/api/crop", { token, form: { id: String(id), x: "-0.5", y: "0", width: "1", height: "1", srcW: "5e-324" } }));
    expect(outside.status).toBe(400);
  });

  it("cropImg re-crops one photo of the property (the cover follows it)", async () => {
    const id = await seedImovel();
    const [f1, f2] = await seedPhotos(id, 2);
    await call(foto_capa, req(`/api/foto_capa?id=${id}&capa=${f2.img}`, { token }));
    const res = await call(
      cropImg,
      req("/api/cropImg", { token, form: { img: dataUrl(await jpeg(400, 400)), capa: f2.img, imgOriginal: f2.img, id: String(id), id_foto: String(f2.id) } }),
    );
    expect(res).toMatchObject({ status: 200, body: { ok: true, id_foto: f2.id, img: expect.any(String) } });
    const got = await pub(id);
    expect(got.body.imagens.map((i: { img: string }) => i.img)).toEqual([f1.img, res.body.img]);
    expect(got.body.capa).toBe(res.body.img);
    expect(await size(res.body.img)).toEqual([400, 300]);

    const other = await seedImovel();
    const wrong = await call(cropImg, req("/api/cropImg", { token, form: { img: dataUrl(await jpeg(80, 60)), id: String(other), id_foto: String(f1.id) } }));
    expect(wrong).toMatchObject({ status: 404, body: { error: "Foto não encontrada neste imóvel." } });
    const noFoto = await call(cropImg, req("/api/cropImg", { token, form: { img: dataUrl(await jpeg(80, 60)), id: String(id) } }));
    expect(noFoto).toMatchObject({ status: 400, body: { fields: { id_foto: [expect.any(String)] } } });
  });

  it("alt_banner replaces the banner shown by get_banner; cropBanner re-crops it to 1200×500", async () => {
    const res = await call(alt_banner, req("/api/alt_banner", { token, form: { banner: file(await jpeg(1600, 900)) } }));
    expect(res).toMatchObject({ status: 200, body: { ok: true, message: "Banner salvo com sucesso!" } });
    expect((await call(get_banner, req("/api/get_banner"))).body.data[0].banner).toBe(res.body.banner);

    const cropped = await call(
      cropBanner,
      req("/api/cropBanner", { token, form: { img: dataUrl(await jpeg(1200, 500, "#cc0000")), imgOriginal: res.body.banner, id: "1" } }),
    );
    expect(cropped).toMatchObject({ status: 200, body: { ok: true, message: "Banner salvo com sucesso!" } });
    const shown = (await call(get_banner, req("/api/get_banner"))).body.data;
    expect(shown).toHaveLength(1);
    expect(shown[0].banner).toBe(cropped.body.banner);
    expect(await size(cropped.body.banner)).toEqual([1200, 500]);
    expect(await exists(res.body.banner)).toBe(false);
  });

  it("alt_banner and cropBanner refuse missing, non-image and oversized files", async () => {
    await replaceBanner(SYSTEM, { field: "banner", name: "b.jpg", buffer: await jpeg(1200, 500), index: 0 });
    const before = (await call(get_banner, req("/api/get_banner"))).body.data[0].banner;
    const none = await call(alt_banner, req("/api/alt_banner", { token, form: { outro: "x" } }));
    expect(none).toMatchObject({ status: 400, body: { fields: { banner: [expect.any(String)] } } });
    const text = await call(alt_banner, req("/api/alt_banner", { token, form: { banner: file(Buffer.from("%PDF-1.4 not an image"), "b.pdf") } }));
    expect(text.status).toBe(400);
    const big = await call(alt_banner, req("/api/alt_banner", { token, form: { banner: file(Buffer.alloc(LIMIT + 1, 1), "big.jpg") } }));
    expect(big.status).toBe(413);
    const cropBig = await call(cropBanner, req("/api/cropBanner", { token, form: { img: dataUrl(Buffer.alloc(LIMIT + 1, 1)) } }));
    expect(cropBig.status).toBe(413);
    const cropBad = await call(cropBanner, req("/api/cropBanner", { token, form: { img: "data:image/png;base64,!!!" } }));
    expect(cropBad.status).toBe(400);
    expect((await call(get_banner, req("/api/get_banner"))).body.data[0].banner).toBe(before);
  });
});
