// The order of a listing's photos (issue 23): the admin's order drives the carousel, /api's
// `imagens` and the portals' feed. Every change renumbers the positions 0…n−1 in one transaction,
// so gaps or ties left by older writes disappear. New photos go last (foto.server.ts).
import { asc, eq } from "drizzle-orm";
import { imovelFotos } from "../../db/schema";
import type { Actor } from "../history/history.server";
import { contentWrite } from "./content-version.server";
import { recordImovel } from "./imovel-history.server";

/**
 * Rewrites a listing's order with `reorder` (given the ids in their current order; null refuses).
 * False when refused, true otherwise (also when nothing moved).
 */
function rewriteOrder(actor: Actor, imovelId: number, reorder: (ids: number[]) => number[] | null) {
  return contentWrite(async (tx) => {
    const rows = await tx
      .select({ id: imovelFotos.id })
      .from(imovelFotos)
      .where(eq(imovelFotos.imovel_id, imovelId))
      .orderBy(asc(imovelFotos.position), asc(imovelFotos.id))
      .for("update");
    const ids = rows.map((r) => r.id);
    const next = reorder([...ids]);
    if (!next) return false;
    for (const [position, id] of next.entries()) await tx.update(imovelFotos).set({ position }).where(eq(imovelFotos.id, id));
    if (next.some((id, i) => id !== ids[i])) await recordImovel(tx, actor, "fotos_ordem", imovelId);
    return true;
  });
}

/** Moves a photo one place up or down. False when it is not a photo of that listing; true at either end. */
export function moveFoto(actor: Actor, imovelId: number, fotoId: number, direction: "up" | "down") {
  return rewriteOrder(actor, imovelId, (ids) => {
    const i = ids.indexOf(fotoId);
    if (i < 0) return null;
    const j = direction === "up" ? i - 1 : i + 1;
    if (j >= 0 && j < ids.length) [ids[i], ids[j]] = [ids[j], ids[i]];
    return ids;
  });
}

/**
 * Puts the photos in the order given (what a drag and drop sends): every photo of the listing once,
 * and nothing else. False otherwise (a photo added or deleted meanwhile: the admin sees the new list).
 */
export function setFotoOrder(actor: Actor, imovelId: number, fotoIds: number[]) {
  return rewriteOrder(actor, imovelId, (ids) => {
    const same = ids.length === fotoIds.length && new Set(fotoIds).size === ids.length && fotoIds.every((id) => ids.includes(id));
    return same ? fotoIds : null;
  });
}
