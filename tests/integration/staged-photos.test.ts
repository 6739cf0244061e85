// Issue 23: photos sent ahead of their form (/api/enviar_foto → a signed token → the listing form's
// `enviada` fields), and a multipart post's files kept on disk, not in memory, until answered.
import fs from "node:fs/promises";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDb } from "~/db/client.server";
import { SAVED } from "~/http/imovel-form.server";
import { STAGED_MAX_AGE_S, stagedToken, verifyStaged } from "~/http/staged-upload.server";
import { readUploadForm, releaseUploads } from "~/http/uploads.server";
import { listFotos } from "~/models/listings/foto.server";
import { getImovelById } from "~/models/listings/imovel.server";
import * as enviar from "~/routes/api.enviar_foto";
import * as update from "~/routes/api.update_imovel";
import { resetDb } from "./db";
import { SAME_ORIGIN, adminCookie, adminToken, call, file, imgExists, jpeg, req, seedImovel } from "./api-support";
import { multipart } from "./photo-support";

afterAll(closeDb);
beforeEach(resetDb);

describe("photos sent ahead", () => {
  it("stores a photo and answers a token that only this server's secret signs", async () => {
    const token = await adminToken();
    const res = await call(enviar, req("/api/enviar_foto", { token, form: [["img", file(await jpeg(900, 600))]] }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ok: true, img: expect.stringMatching(/^[a-f0-9]{20}\.jpg$/), width: 900, height: 600 });
    expect(await imgExists(res.body.img)).toBe(true);
    expect(verifyStaged(res.body.token)).toEqual({ img: res.body.img, width: 900 });
    expect(verifyStaged(res.body.token.slice(0, -2) + "xx")).toBeNull();
    // A token signed for another name, or another width, does not name this one.
    const other = stagedToken("0123456789abcdef0123.jpg", 900);
    expect(verifyStaged(`${res.body.img}.900.${other.split(".").pop()}`)).toBeNull();
    expect(verifyStaged(res.body.token.replace(".900.", ".1900."))).toBeNull();
    // Good for 12 hours, well before the sweep (24 h) removes a photo never saved.
    const old = stagedToken(res.body.img, 900, Date.now() - (STAGED_MAX_AGE_S + 60) * 1000);
    expect(verifyStaged(old)).toBeNull();
    expect(verifyStaged(stagedToken(res.body.img, 900, Date.now() - (STAGED_MAX_AGE_S - 60) * 1000))).toEqual({ img: res.body.img, width: 900 });

    const bad = await call(enviar, req("/api/enviar_foto", { token, form: [["img", file(Buffer.from("não é foto"))]] }));
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/formato não aceito/);
    expect((await call(enviar, req("/api/enviar_foto", { form: [["img", file(await jpeg())]] }))).status).toBe(401);
  });

  it("the listing form takes the tokens in their order, the capa among them, and refuses a forged one by itself", async () => {
    const id = await seedImovel();
    const cookie = await adminCookie();
    const send = async (color: string) =>
      (await call(enviar, req("/api/enviar_foto", { cookie, headers: SAME_ORIGIN, form: [["img", file(await jpeg(640, 480, color))]] }))).body as { img: string; token: string };
    const [a, b] = [await send("#aa0000"), await send("#00aa00")];
    const res = await call(
      update,
      req("/api/update_imovel", {
        cookie,
        headers: SAME_ORIGIN,
        form: [["id", String(id)], ["tipo", "Casa"], ["status", "Venda"], ["enviada", a.token], ["enviada", "0123456789abcdef0123.jpg.forjada"], ["enviada", b.token], ["capa_upload", "1"]],
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(SAVED);
    expect(res.body.imagens.map((i: { img: string }) => i.img)).toEqual([a.img, b.img]);
    expect(res.body.warning).toMatch(/envio inválido ou expirado/);
    // capa_upload counts the photos sent ahead: 1 is the second.
    expect((await getImovelById(id))!.capa).toBe(b.img);
    // The same form sent again adds nothing twice.
    const again = await call(update, req("/api/update_imovel", { cookie, headers: SAME_ORIGIN, form: [["id", String(id)], ["tipo", "Casa"], ["status", "Venda"], ["enviada", a.token], ["enviada", b.token]] }));
    expect(again.status).toBe(200);
    expect(again.body.imagens).toEqual([]);
    expect((await listFotos(id)).map((f) => f.img)).toEqual([a.img, b.img]);
  });
});

describe("multipart files wait on disk", () => {
  it("each file part is written to a temporary file, read back on demand, and removed once the request is answered", async () => {
    const photo = await jpeg(320, 240);
    const request = multipart([
      ["img", new File([new Uint8Array(photo)], "a.jpg", { type: "image/jpeg" })],
      ["img", new File([new Uint8Array(photo)], "b.jpg", { type: "image/jpeg" })],
    ]);
    const { uploads } = await readUploadForm(request);
    const paths = uploads.map((u) => ("path" in u ? u.path : null));
    expect(paths.every((p) => p !== null)).toBe(true);
    for (const p of paths) expect((await fs.readFile(p!)).equals(photo)).toBe(true);
    await releaseUploads(request);
    for (const p of paths) await expect(fs.access(p!)).rejects.toThrow();
  });
});
