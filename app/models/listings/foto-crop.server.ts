// Crops (produto §2): a listing's photo or its capa re-cut from the kept original (or a replacement
// upload) under a new name, the row and capa following in one content write with its history entry.
import { and, eq } from "drizzle-orm";
import { getDb } from "../../db/client.server";
import { imoveis, imovelFotos } from "../../db/schema";
import { discardImageFiles } from "../../services/image-files.server";
import { ImageError, cropInto, type ImageUpload } from "../../services/images.server";
import { FOTO_OUTPUT, type CropRequest } from "../../utils/crop";
import { DomainError, notFoundError } from "../errors";
import type { Actor } from "../history/history.server";
import { contentWrite } from "./content-version.server";
import { capaOf, capaSql, insertFotos, removeUnusedImages } from "./foto.server";
import { recordImovel } from "./imovel-history.server";

/** A crop under a new name; image problems become DomainErrors with a Portuguese message. */
export async function cropToNewImage(img: string | null, req: CropRequest, output = FOTO_OUTPUT, upload?: ImageUpload) {
  try {
    return await cropInto(img, req, output, upload);
  } catch (e) {
    if (!(e instanceof ImageError)) throw e;
    if (e.code === "missing_original") {
      throw new DomainError("conflict", "A imagem original não está disponível para ajuste; envie uma nova imagem.");
    }
    throw new DomainError("invalid", upload ? `O arquivo "${upload.name}" não foi aceito: ${e.message}.` : `Não foi possível ajustar a imagem: ${e.message}.`);
  }
}

/** Runs `write`, which records the freshly stored `img`; if it fails, the new files go. */
export async function keepOrDiscard<T>(img: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    await discardImageFiles(img);
    throw e;
  }
}

/**
 * Re-crops a photo from its kept original (or from `upload`, a replacement dropped on the cropper)
 * into 400×300 under a new name; the row, and the capa if it pointed to it, follow.
 */
export async function cropFoto(actor: Actor, fotoId: number, req: CropRequest, opts: { upload?: ImageUpload } = {}): Promise<string> {
  const db = getDb();
  const [foto] = await db.select().from(imovelFotos).where(eq(imovelFotos.id, fotoId)).limit(1);
  if (!foto) throw notFoundError("Foto não encontrada.");
  const img = await cropToNewImage(foto.img, req, FOTO_OUTPUT, opts.upload);
  await keepOrDiscard(img, () =>
    contentWrite(async (tx) => {
      await tx.select({ id: imoveis.id }).from(imoveis).where(eq(imoveis.id, foto.imovel_id)).for("update");
      const [res] = await tx
        .update(imovelFotos)
        .set({ img, largura: FOTO_OUTPUT.width })
        .where(and(eq(imovelFotos.id, fotoId), eq(imovelFotos.img, foto.img)));
      if (res.affectedRows !== 1) throw new DomainError("conflict", "A foto foi alterada ou excluída enquanto era ajustada.");
      await tx.update(imoveis).set({ capa: img }).where(and(eq(imoveis.id, foto.imovel_id), eq(imoveis.capa, foto.img)));
      await recordImovel(tx, actor, "foto_recorte", foto.imovel_id, { detail: `foto #${fotoId}` });
    }),
  );
  await removeUnusedImages([foto.img]);
  return img;
}

/** Re-crops the listing's capa (as cards show it) into 400×300 under a new name. */
export async function cropCapa(actor: Actor, imovelId: number, req: CropRequest, opts: { upload?: ImageUpload } = {}): Promise<string> {
  const old = await capaOf(imovelId);
  if (old === undefined) throw notFoundError("Imóvel não encontrado.");
  if (old === null && !opts.upload) throw new DomainError("conflict", "Este imóvel ainda não tem fotos para ajustar.");
  const img = await cropToNewImage(old, req, FOTO_OUTPUT, opts.upload);
  await keepOrDiscard(img, () =>
    contentWrite(async (tx) => {
      const [imovel] = await tx.select({ capa: imoveis.capa, shown: capaSql }).from(imoveis).where(eq(imoveis.id, imovelId)).for("update");
      if (!imovel || (imovel.shown ?? null) !== old) {
        throw new DomainError("conflict", "A foto de capa foi alterada enquanto era ajustada.");
      }
      // No photo yet: the upload becomes the first photo, and so the capa.
      if (old === null) await insertFotos(tx, imovelId, [{ img, largura: FOTO_OUTPUT.width }]);
      else await tx.update(imovelFotos).set({ img, largura: FOTO_OUTPUT.width }).where(and(eq(imovelFotos.imovel_id, imovelId), eq(imovelFotos.img, old)));
      if (imovel.capa) await tx.update(imoveis).set({ capa: img }).where(eq(imoveis.id, imovelId));
      await recordImovel(tx, actor, "foto_recorte", imovelId, { detail: "foto de capa" });
    }),
  );
  if (old) await removeUnusedImages([old]);
  return img;
}
