// The writes of a listing (imoveis): create, edit, activate, 'Publicar nos portais', delete. Each
// admin write records its history entry in its own content write (decision 0026); insertImovel is
// the seed's and the tests' plain insert, which no admin reaches.
import type { Tx } from "../../db/client.server";
import { eq, sql } from "drizzle-orm";
import { imoveis, imovelFotos, type NewImovel } from "../../db/schema";
import { sanitizeDescricao } from "../../services/sanitize.server";
import type { ImageUpload } from "../../services/images.server";
import { codigoFor } from "../../utils/imovel";
import { IMOVEL_LABELS, shownImovel } from "../../utils/imovel-labels";
import type { ImovelInput } from "../../utils/imovel-schema";
import { notFoundError } from "../errors";
import { changedFields, type Actor, type HistoryKind } from "../history/history.server";
import { contentWrite } from "./content-version.server";
import { addFotos, removeUnusedImages } from "./foto.server";
import { imovelNameIn, recordImovel } from "./imovel-history.server";

type Values = Omit<NewImovel, "id" | "codigo">;

/** Inserts a listing and gives it its public code, inside a content write the caller holds. */
export async function insertImovelIn(tx: Tx, values: Values) {
  // Created active: public from now on, new to the e-mail alerts (issue 32 §2).
  const publicado = values.publicado_em ?? ((values.ativo ?? "sim") === "sim" ? sql`NOW(3)` : null);
  const [res] = await tx.insert(imoveis).values({ ...values, publicado_em: publicado as Date | null });
  const id = Number(res.insertId);
  await tx.update(imoveis).set({ codigo: codigoFor(id) }).where(eq(imoveis.id, id));
  return id;
}

/** Inserts a listing and gives it its public code, in one transaction (the seed's; no history). */
export function insertImovel(values: Values) {
  return contentWrite((tx) => insertImovelIn(tx, values));
}

/**
 * Changes a listing's fields and records `acao` with the fields that changed (old → new, in the
 * form's words). False when there is no such listing. A field left undefined is not touched.
 */
export async function updateImovel(actor: Actor, id: number, values: Partial<Values>, acao: HistoryKind = "imovel_editado") {
  const set = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<Values>;
  return contentWrite(async (tx) => {
    const [before] = await tx.select().from(imoveis).where(eq(imoveis.id, id)).for("update");
    if (!before) return false;
    // Switched from inactive to active: public again from now on, new to the e-mail alerts.
    // Not a field of the form: the history records what the admin changed, not this bookkeeping.
    const publicado = set.ativo === "sim" && before.ativo !== "sim" ? { publicado_em: sql`NOW(3)` as unknown as Date } : {};
    if (Object.keys(set).length) await tx.update(imoveis).set({ ...set, ...publicado }).where(eq(imoveis.id, id));
    const mudancas = changedFields(shownImovel(before), shownImovel(set), IMOVEL_LABELS);
    // A form saved as it was changes nothing worth an entry; a switch is recorded even when unchanged.
    if (mudancas.length || acao !== "imovel_editado") await recordImovel(tx, actor, acao, id, { mudancas });
    return true;
  });
}

export function setAtivo(actor: Actor, id: number, ativo: "sim" | "nao") {
  return updateImovel(actor, id, { ativo }, "imovel_ativado");
}

/** 'Publicar nos portais' (issue 23). */
export function setPublicarPortais(actor: Actor, id: number, publicar_portais: "sim" | "nao") {
  return updateImovel(actor, id, { publicar_portais }, "imovel_portais");
}

/**
 * Saves the property form (produto §3): creates without `id`, updates with it (a missing id is a
 * not_found DomainError), then stores its photos; `capaIndex` picks the capa among the uploads.
 */
export async function saveImovel(actor: Actor, value: ImovelInput, uploads: ImageUpload[], opts: { id?: number; capaIndex?: number } = {}) {
  const row = {
    ...value,
    descricao: sanitizeDescricao(value.descricao),
    portao: value.portao ?? null,
    forro: value.forro ?? null,
    pintura: value.pintura ?? null,
    piso: value.piso ?? null,
    telhado: value.telhado ?? null,
  };
  let id = opts.id;
  if (id == null) {
    id = await contentWrite(async (tx) => {
      const id = await insertImovelIn(tx, row);
      await recordImovel(tx, actor, "imovel_criado", id);
      return id;
    });
  } else if (!(await updateImovel(actor, id, row))) throw notFoundError("Imóvel não encontrado.");
  const fotos = await addFotos(actor, id, uploads, { capaIndex: opts.capaIndex });
  return { id, added: fotos.added, refused: fotos.refused };
}

/**
 * Deletes a listing; its photo rows go with it (ON DELETE CASCADE), then the files no row uses.
 * False when there was no such id.
 */
export async function deleteImovel(actor: Actor, id: number) {
  const imgs = await contentWrite(async (tx) => {
    const fotos = await tx.select({ img: imovelFotos.img }).from(imovelFotos).where(eq(imovelFotos.imovel_id, id));
    const [row] = await tx.select({ capa: imoveis.capa }).from(imoveis).where(eq(imoveis.id, id)).for("update");
    if (!row) return null;
    const named = await imovelNameIn(tx, id);
    await tx.delete(imoveis).where(eq(imoveis.id, id));
    await recordImovel(tx, actor, "imovel_excluido", id, { named });
    return [...fotos.map((f) => f.img), row.capa];
  });
  // Files go only after the rows are gone, so no page ever points at a missing file.
  if (imgs) await removeUnusedImages(imgs);
  return imgs !== null;
}
