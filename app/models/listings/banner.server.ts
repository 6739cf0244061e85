// The home banner (produto §2): the newest row of `banners`; replacing and cropping it.
import { and, desc, eq, lt } from "drizzle-orm";
import { getDb, type Db } from "../../db/client.server";
import { withReadDb } from "../../db/read-db.server";
import { banners } from "../../db/schema";
import { ImageError, storeImage, uploadBytes, type ImageUpload } from "../../services/images.server";
import { BANNER_OUTPUT, type CropRequest } from "../../utils/crop";
import { contentWrite } from "./content-version.server";
import { DomainError } from "../errors";
import { publicRead } from "./public-reads.server";
import { recordHistory, type Actor } from "../history/history.server";
import { removeUnusedImages } from "./foto.server";
import { cropToNewImage, keepOrDiscard } from "./foto-crop.server";

async function newestBanner(db: Db) {
  const [row] = await db.select().from(banners).orderBy(desc(banners.id)).limit(1);
  return row ?? null;
}

/** The current home banner: the newest row (a public read: the replica for anonymous visitors). */
export function getBanner() {
  return publicRead("getBanner", [], () => withReadDb(newestBanner));
}

/** Adds a banner row for an image already in the store (the seed's; no history). */
export async function insertBanner(banner: string) {
  const [res] = await contentWrite((tx) => tx.insert(banners).values({ banner }));
  return Number(res.insertId);
}

/** Stores a new home banner (fitted to 1200×500); older banners and their files go. */
export async function replaceBanner(actor: Actor, upload: ImageUpload): Promise<string> {
  let img: string;
  try {
    img = (await storeImage(await uploadBytes(upload), { fit: BANNER_OUTPUT })).img;
  } catch (e) {
    if (e instanceof ImageError) throw new DomainError("invalid", `O arquivo "${upload.name}" não foi aceito: ${e.message}.`);
    throw e;
  }
  const old = await keepOrDiscard(img, () =>
    contentWrite(async (tx) => {
      const [res] = await tx.insert(banners).values({ banner: img });
      const id = Number(res.insertId);
      const rows = await tx.select({ banner: banners.banner }).from(banners).where(lt(banners.id, id));
      await tx.delete(banners).where(lt(banners.id, id));
      await recordHistory(tx, actor, { acao: "banner", resumo: "Novo banner" });
      return rows.map((r) => r.banner);
    }),
  );
  await removeUnusedImages(old);
  return img;
}

/** Re-crops the current banner (or an uploaded replacement) into 1200×500 under a new name. */
export async function cropBanner(actor: Actor, req: CropRequest, opts: { upload?: ImageUpload } = {}): Promise<string> {
  // Read on the primary: what is about to be replaced must be the latest state.
  const current = await newestBanner(getDb());
  if (!current && !opts.upload) throw new DomainError("conflict", "Ainda não há banner para ajustar.");
  const img = await cropToNewImage(current?.banner ?? null, req, BANNER_OUTPUT, opts.upload);
  await keepOrDiscard(img, () =>
    contentWrite(async (tx) => {
      if (!current) await tx.insert(banners).values({ banner: img });
      else {
        const [res] = await tx.update(banners).set({ banner: img }).where(and(eq(banners.id, current.id), eq(banners.banner, current.banner)));
        if (res.affectedRows !== 1) throw new DomainError("conflict", "O banner foi trocado enquanto era ajustado.");
      }
      await recordHistory(tx, actor, { acao: "banner", resumo: current ? "Banner recortado" : "Novo banner (recortado)" });
    }),
  );
  if (current) await removeUnusedImages([current.banner]);
  return img;
}
