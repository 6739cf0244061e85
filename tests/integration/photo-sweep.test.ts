// The orphan-photo sweeper, through the photo store: runs in the "local" project (IMG_DIR) and again
// in the "s3" project (a bucket), see vitest.config.ts.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDb } from "~/db/client.server";
import { banners, imovelFotos } from "~/db/schema";
import { sweepOrphanFiles } from "~/models/listings/foto-sweep.server";
import { imageFileNames, newKey } from "~/services/image-files.server";
import { getPhotoStore } from "~/services/storage/store.server";
import { seedImovel } from "./api-support";
import { resetDb } from "./db";
import { expectedFiles, files } from "./photo-support";
import { contentWrite } from "~/models/listings/content-version.server";

const DAY = 24 * 3600_000;

/** Writes every file of an image `<key>.jpg` (a few bytes each: the sweeper never reads them). */
async function putImage() {
  const img = `${newKey()}.jpg`;
  for (const name of imageFileNames(img)) await getPhotoStore().put(name, Buffer.from("x"), { size: 1, contentType: "image/jpeg" });
  return img;
}

describe("orphan photo sweep", () => {
  beforeEach(async () => {
    await resetDb();
    const all = [...(await files())];
    if (all.length) await getPhotoStore().delete(all);
  });
  afterAll(closeDb);

  it("removes files no row references once older than a day; keeps referenced, recent and non-image files", async () => {
    const id = await seedImovel();
    const foto = await putImage();
    await contentWrite((tx) => tx.insert(imovelFotos).values({ imovel_id: id, img: foto, position: 0 }));
    const banner = await putImage();
    await contentWrite((tx) => tx.insert(banners).values({ banner }));
    const orphan = await putImage();
    await getPhotoStore().put("LEIAME.txt", Buffer.from("x"), { size: 1, contentType: "text/plain" });

    // Today: the orphan is younger than a day (an upload may be about to write its row).
    const today = await sweepOrphanFiles();
    expect(today).toMatchObject({ deleted: 0, young: imageFileNames(orphan).length });
    expect([...(await files())]).toEqual(expect.arrayContaining(imageFileNames(orphan)));

    // Two days later: the orphan's files go, everything else stays.
    const later = await sweepOrphanFiles({ now: Date.now() + 2 * DAY });
    expect(later).toMatchObject({ deleted: imageFileNames(orphan).length, young: 0 });
    const left = [...(await files())].sort();
    expect(left).toEqual([...expectedFiles([foto, banner]), "LEIAME.txt"].sort());
  });

  it("runs as npm run img:sweep (nothing old enough: nothing deleted)", async () => {
    const orphan = await putImage();
    const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/img-sweep.ts"], { env: process.env, timeout: 60_000 });
    expect(JSON.parse(stdout.trim().split("\n").at(-1)!)).toMatchObject({ deleted: 0, young: imageFileNames(orphan).length });
    expect([...(await files())]).toEqual(expect.arrayContaining(imageFileNames(orphan)));
  });
});
