// Photos of a listing (imovel_fotos) and its capa: add, delete, choose, and the files they leave
// (crops: foto-crop.server.ts).
import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { getDb, type Db, type Tx } from "../../db/client.server";
import { banners, imoveis, imovelFotos, mensagemFotos } from "../../db/schema";
import { discardImageFiles } from "../../services/image-files.server";
import { ImageError, storeImage, uploadBytes, type ImageUpload, type Refused } from "../../services/images.server";
import { StorageError } from "../../services/storage/contract.server";
import { contentWrite } from "./content-version.server";
import { notFoundError } from "../errors";
import type { Actor } from "../history/history.server";
import { recordImovel } from "./imovel-history.server";
import { logFor } from "../../log.server";

const log = logFor("photos");


/** The first photo of a listing (by position, then id): the capa when none was chosen. */
const firstFotoSql = (imovelId: SQL | number) =>
  sql<string | null>`(SELECT f.img FROM imovel_fotos f WHERE f.imovel_id = ${imovelId} ORDER BY f.position, f.id LIMIT 1)`;

/**
 * produto §2, the capa rule, written only here: the chosen capa, else the first photo. Select it
 * from `imoveis` (cards, pages, crops all use it).
 */
export const capaSql = sql<string | null>`COALESCE(${imoveis.capa}, ${firstFotoSql(sql`${imoveis.id}`)})`;

/** The capa a listing shows; undefined when there is no such listing, null when it has no photo. */
export async function capaOf(imovelId: number, tx: Tx | Db = getDb()) {
  const [row] = await tx.select({ capa: capaSql }).from(imoveis).where(eq(imoveis.id, imovelId)).limit(1);
  return row ? (row.capa ?? null) : undefined;
}

/** A listing's photos in display order (on the primary unless a public read passes the replica). */
export function listFotos(imovelId: number, db: Db = getDb()) {
  return db.select().from(imovelFotos).where(eq(imovelFotos.imovel_id, imovelId)).orderBy(asc(imovelFotos.position), asc(imovelFotos.id));
}

/** A photo, only when it belongs to that listing. */
export async function getFotoOf(imovelId: number, fotoId: number) {
  const [foto] = await getDb()
    .select()
    .from(imovelFotos)
    .where(and(eq(imovelFotos.id, fotoId), eq(imovelFotos.imovel_id, imovelId)))
    .limit(1);
  return foto ?? null;
}

/**
 * Adds rows for images already stored, after the listing's last photo (new photos go last); returns
 * their ids. `largura`: the served JPEG's width when known (the portals take ≥ 800 px).
 */
export async function insertFotos(tx: Tx | Db, imovelId: number, imgs: (string | { img: string; largura: number | null })[]) {
  const [{ next }] = await tx
    .select({ next: sql<number>`COALESCE(MAX(${imovelFotos.position}) + 1, 0)` })
    .from(imovelFotos)
    .where(eq(imovelFotos.imovel_id, imovelId));
  const rows: { id: number; img: string }[] = [];
  for (const [k, item] of imgs.entries()) {
    const { img, largura } = typeof item === "string" ? { img: item, largura: null } : item;
    const [res] = await tx.insert(imovelFotos).values({ imovel_id: imovelId, img, largura, position: Number(next) + k });
    rows.push({ id: Number(res.insertId), img });
  }
  return rows;
}

/** Attaches images already in the store (the seed's copies) as photos of a listing. */
export function attachFotos(imovelId: number, imgs: string[]) {
  return contentWrite((tx) => insertFotos(tx, imovelId, imgs));
}

/** Files of images no row points to any more, removed. Call it after the deleting commit. */
export async function removeUnusedImages(imgs: Iterable<string | null | undefined>) {
  const db = getDb();
  for (const img of new Set(imgs)) {
    if (!img) continue;
    const [row] = (await db.execute(
      sql`SELECT (SELECT COUNT(*) FROM ${imovelFotos} WHERE img = ${img}) + (SELECT COUNT(*) FROM ${imoveis} WHERE capa = ${img}) + (SELECT COUNT(*) FROM ${banners} WHERE banner = ${img}) + (SELECT COUNT(*) FROM ${mensagemFotos} WHERE img = ${img}) AS n`,
    )) as unknown as [{ n: number | string }[]];
    if (Number(row[0]?.n ?? 0) === 0) await discardImageFiles(img);
  }
}

/** Why a file was not saved when the photo store failed (a refusal, like a bad file: never a 500). */
export const STORE_DOWN_REASON = "o armazenamento de fotos não respondeu; tente de novo em instantes";

/**
 * Stores each upload (content checked; a bad file is refused on its own) and adds the rows in one
 * transaction. `capaIndex` is the `index` of the upload chosen as capa.
 */
export async function addFotos(
  actor: Actor,
  imovelId: number,
  uploads: ImageUpload[],
  opts: { capaIndex?: number } = {},
): Promise<{ added: { id: number; img: string }[]; refused: Refused[] }> {
  const refused: Refused[] = [];
  // `own`: stored by this call (its files go if the rows fail); a photo sent ahead is not ours to delete.
  const stored: { img: string; index: number; largura: number | null; own: boolean }[] = [];
  let storeDown = false;
  for (const [i, u] of uploads.entries()) {
    // Once the store has failed, the other files are not tried (each would wait for it again).
    if (storeDown) {
      refused.push({ name: u.name, reason: STORE_DOWN_REASON });
      continue;
    }
    try {
      const { img, width } = "stored" in u ? { img: u.stored, width: u.width } : await storeImage(await uploadBytes(u));
      stored.push({ img, index: u.index ?? i, largura: width ?? null, own: !("stored" in u) });
    } catch (e) {
      storeDown = e instanceof StorageError;
      if (!(e instanceof ImageError)) log.error(storeDown ? {} : { err: e }, `Falha ao processar a imagem ${u.name}${storeDown ? `: ${(e as Error).message}` : ""}`);
      refused.push({ name: u.name, reason: e instanceof ImageError ? e.message : storeDown ? STORE_DOWN_REASON : "não foi possível processar a imagem" });
    }
  }
  if (stored.length === 0) return { added: [], refused };
  const capa = opts.capaIndex == null ? undefined : stored.find((s) => s.index === opts.capaIndex);
  try {
    const added = await contentWrite(async (tx) => {
      const [imovel] = await tx.select({ id: imoveis.id }).from(imoveis).where(eq(imoveis.id, imovelId)).for("update");
      if (!imovel) throw notFoundError("Imóvel não encontrado.");
      // A photo sent ahead and already saved here (a form sent twice) is not added again.
      const ahead = stored.filter((s) => !s.own).map((s) => s.img);
      const saved = ahead.length ? (await tx.select({ img: imovelFotos.img }).from(imovelFotos).where(and(eq(imovelFotos.imovel_id, imovelId), inArray(imovelFotos.img, ahead)))).map((r) => r.img) : [];
      const rows = await insertFotos(tx, imovelId, stored.filter((s) => s.own || !saved.includes(s.img)));
      if (capa) await tx.update(imoveis).set({ capa: capa.img }).where(eq(imoveis.id, imovelId));
      if (rows.length) await recordImovel(tx, actor, "fotos_adicionadas", imovelId, { detail: rows.length === 1 ? "1 foto" : `${rows.length} fotos` });
      return rows;
    });
    return { added, refused };
  } catch (e) {
    await Promise.all(stored.filter((s) => s.own).map((s) => discardImageFiles(s.img)));
    throw e;
  }
}

/** Deletes a photo; if it was the capa, the capa falls back to the first remaining photo. */
export async function deleteFoto(actor: Actor, fotoId: number): Promise<{ imovelId: number } | null> {
  const db = getDb();
  const [probe] = await db.select().from(imovelFotos).where(eq(imovelFotos.id, fotoId)).limit(1);
  if (!probe) return null;
  const deleted = await contentWrite(async (tx) => {
    // Same lock order as addFotos (listing, then photos): no deadlock between them.
    await tx.select({ id: imoveis.id }).from(imoveis).where(eq(imoveis.id, probe.imovel_id)).for("update");
    const [foto] = await tx.select().from(imovelFotos).where(eq(imovelFotos.id, fotoId)).for("update");
    if (!foto) return null;
    await tx.delete(imovelFotos).where(eq(imovelFotos.id, fotoId));
    await tx
      .update(imoveis)
      .set({ capa: firstFotoSql(foto.imovel_id) })
      .where(and(eq(imoveis.id, foto.imovel_id), eq(imoveis.capa, foto.img)));
    await recordImovel(tx, actor, "foto_excluida", foto.imovel_id, { detail: `foto #${foto.id}` });
    return foto;
  });
  if (!deleted) return null;
  await removeUnusedImages([deleted.img]);
  return { imovelId: deleted.imovel_id };
}

/** Makes `img` the capa, only when it is one of the listing's photos. */
export async function setCapa(actor: Actor, imovelId: number, img: string): Promise<boolean> {
  if (!(await getDb().select({ id: imovelFotos.id }).from(imovelFotos).where(and(eq(imovelFotos.imovel_id, imovelId), eq(imovelFotos.img, img))).limit(1)).length) {
    return false;
  }
  await contentWrite(async (tx) => {
    const [res] = await tx.update(imoveis).set({ capa: img }).where(eq(imoveis.id, imovelId));
    // changedRows: the /api client sends back the capa it loaded with every save; that is no choice.
    if (res.changedRows > 0) await recordImovel(tx, actor, "foto_capa", imovelId);
  });
  return true;
}

/** One Portuguese sentence naming each refused file and why. */
export function refusedMessage(refused: Refused[]): string {
  if (refused.length === 0) return "";
  if (refused.length === 1) return `O arquivo "${refused[0].name}" não foi salvo: ${refused[0].reason}.`;
  return `Estes arquivos não foram salvos: ${refused.map((r) => `"${r.name}" – ${r.reason}`).join("; ")}.`;
}
