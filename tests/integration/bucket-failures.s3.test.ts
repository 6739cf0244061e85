// When the bucket fails (s3rver stopped, or refusing part of an image's objects): no row, no stray
// object, and a Portuguese message with a 4xx/5xx status, never a 500 with a stack.
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { closeDb, getDb } from "~/db/client.server";
import { banners } from "~/db/schema";
import { STORAGE_DOWN } from "~/http/responses.server";
import { STORE_DOWN_REASON, addFotos } from "~/models/listings/foto.server";
import * as alt_banner from "~/routes/api.alt_banner";
import * as crop from "~/routes/api.crop";
import * as fotos from "~/routes/admin.imovelEdit.$id.fotos";
import * as img from "~/routes/img.$file";
import { adminCookie, adminToken, call, dataUrl, file, jpeg, req, seedImovel, seedPhotos } from "./api-support";
import { bucketObjects, emptyBucket, s3 } from "./bucket-support";
import { resetDb } from "./db";
import { fotosOf, quadrants, up } from "./photo-support";
import { SYSTEM } from "~/models/history/history.server";
import { routeArgs } from "../route-args";

const keys = async () => [...(await bucketObjects()).keys()].sort();

describe("a failing bucket", () => {
  beforeEach(async () => {
    await resetDb();
    await emptyBucket();
  });
  afterEach(() => s3().resume());
  afterAll(closeDb);

  it("stopped: uploads, crops and the banner are refused in Portuguese and leave no row; /img answers 503", async () => {
    const token = await adminToken();
    const cookie = await adminCookie();
    const id = await seedImovel();
    const [foto] = await seedPhotos(id, 1);
    const before = await keys();
    await s3().pause();

    // The photos page (no JavaScript): the error page gets the reason, with a 4xx.
    const form = new FormData();
    form.set("intent", "adicionar");
    form.append("img", file(await jpeg(), "sala.jpg"));
    form.append("img", file(await jpeg(), "quarto.jpg"));
    const thrown = await fotos
      .action(routeArgs(new Request(`http://localhost/admin/imovelEdit/${id}/fotos`, { method: "POST", body: form, headers: { Cookie: cookie } }), { id: String(id) }))
      .then(() => null, (e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    const page = thrown as Response;
    expect(page.status).toBe(422);
    const { error } = await page.json();
    expect(error).toContain('"sala.jpg"');
    expect(error).toContain('"quarto.jpg"');
    expect(error).toContain(STORE_DOWN_REASON);
    expect((await fotosOf(id)).map((f) => f.img)).toEqual([foto.img]);

    // /api crop and banner: 503 with the one JSON error shape, nothing of the stack.
    const cropped = await call(crop, req("/api/crop", { token, form: { x: "0", y: "0", width: "400", height: "300", id: String(id) } }));
    expect(cropped).toMatchObject({ status: 503, body: { error: STORAGE_DOWN } });
    const banner = await call(alt_banner, req("/api/alt_banner", { token, form: { banner: dataUrl(await quadrants()) } }));
    expect(banner).toMatchObject({ status: 503, body: { error: STORAGE_DOWN } });
    expect(JSON.stringify(banner.body)).not.toMatch(/at |Error|ECONNREFUSED/);
    expect(await getDb().select().from(banners)).toEqual([]);
    expect((await fotosOf(id)).map((f) => f.img)).toEqual([foto.img]);

    const served = await img.loader(routeArgs(new Request(`http://localhost/img/${foto.img}`), { file: foto.img }));
    expect(served.status).toBe(503);
    expect(await served.text()).toContain("Imagem indisponível");

    await s3().resume();
    expect(await keys()).toEqual(before);
    // Back up: the same upload goes through.
    expect((await addFotos(SYSTEM, id, [up("sala.jpg", await jpeg())])).added).toHaveLength(1);
  });

  it("refusing one object halfway: the objects already written are removed and no row is added", async () => {
    const id = await seedImovel();
    // s3rver keeps orig/<key> under <bucket>/orig/: a plain file there makes every orig/ write fail
    // while the variants at the top of the bucket are written.
    const orig = path.join(s3().dir, s3().bucket, "orig");
    await fs.rm(orig, { recursive: true, force: true });
    await fs.writeFile(orig, "bloqueio");
    try {
      const result = await addFotos(SYSTEM, id, [up("sala.jpg", await quadrants())]);
      expect(result.added).toEqual([]);
      expect(result.refused).toEqual([{ name: "sala.jpg", reason: STORE_DOWN_REASON }]);
      expect(await fotosOf(id)).toEqual([]);
      expect(await keys()).toEqual([]);
    } finally {
      await fs.rm(orig, { force: true });
    }
  });
});
