// What DELETE /api/excluir_foto_imovel/{id} leaves on disk (api-admin.test.ts checks the rows).
import fs from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDb } from "~/db/client.server";
import { imoveis } from "~/db/schema";
import * as excluir_foto from "~/routes/api.excluir_foto_imovel.$id";
import { adminToken, call, req, seedImovel, seedPhotos } from "./api-support";
import { resetDb } from "./db";
import { contentWrite } from "~/models/listings/content-version.server";

// The test env's IMG_DIR (vitest.config): the folder the app writes to.
const IMG_DIR = process.env.IMG_DIR!;

/** Every file a stored photo has under IMG_DIR, spelled out here rather than taken from the app. */
const filesOf = (img: string) => {
  const key = img.replace(/\.jpg$/, "");
  return [`${key}.jpg`, `${key}-400.webp`, `${key}-800.webp`, `${key}-1200.webp`, `orig/${key}.jpg`];
};
const present = async (img: string) => {
  const found: string[] = [];
  for (const f of filesOf(img)) {
    if (await fs.access(path.join(IMG_DIR, f)).then(() => true, () => false)) found.push(f);
  }
  return found;
};

let token: string;
afterAll(closeDb);
beforeEach(async () => {
  await resetDb();
  token = await adminToken();
});

describe("excluir_foto_imovel and the image files", () => {
  it("removes the photo's file, its three WebP variants and its kept original; the other photo keeps all of its files", async () => {
    const id = await seedImovel();
    const [gone, kept] = await seedPhotos(id, 2);
    expect(gone.img).toMatch(/^[a-f0-9]{20}\.jpg$/);
    expect(await present(gone.img)).toEqual(filesOf(gone.img));
    expect(await present(kept.img)).toEqual(filesOf(kept.img));

    const res = await call(excluir_foto, req(`/api/excluir_foto_imovel/${gone.id}`, { token, method: "DELETE" }), { id: String(gone.id) });
    expect(res).toMatchObject({ status: 200, body: { ok: true, imovel_id: id } });
    expect(await present(gone.img)).toEqual([]);
    expect(await present(kept.img)).toEqual(filesOf(kept.img));
  });

  it("removes the files of a photo that was the cover too", async () => {
    const id = await seedImovel();
    const [cover] = await seedPhotos(id, 1);
    await contentWrite((tx) => tx.update(imoveis).set({ capa: cover.img }).where(eq(imoveis.id, id)));

    const res = await call(excluir_foto, req(`/api/excluir_foto_imovel/${cover.id}`, { token, method: "DELETE" }), { id: String(cover.id) });
    expect(res.status).toBe(200);
    expect(await present(cover.img)).toEqual([]);
  });
});
