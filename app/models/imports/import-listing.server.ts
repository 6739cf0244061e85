// One listing of the feed into our listings (issue 32): found by its 'Código no feed', compared
// with what is stored, its new photos stored first, then every row written in one content write, so
// a restart leaves either the whole listing or none of it. A listing whose content did not change
// writes nothing (the page cache keeps its copies). Decision 0036.
import { and, asc, eq } from "drizzle-orm";
import { getDb } from "../../db/client.server";
import { imoveis, imovelFotos, importacaoItens, type ImportResult } from "../../db/schema";
import { FEATURES } from "../../utils/portais";
import { IMOVEL_LABELS } from "../../utils/imovel-labels";
import type { CountField } from "../../utils/enums";
import type { Actor } from "../history/history.server";
import { contentWrite } from "../listings/content-version.server";
import { removeUnusedImages } from "../listings/foto.server";
import { insertImovelIn } from "../listings/imovel-write.server";
import { recordImovel } from "../listings/imovel-history.server";
import { discardPhotos, storePhotos, type Fetcher, type StoredPhoto } from "./import-photos.server";
import type { ImportValues, Mapped } from "./vrsync-map.server";

export type ImportContext = { jobId: number; publicar: boolean; actor: Actor; fetcher: Fetcher };
export type ItemResult = { codigo: string; imovelId: number | null; resultado: ImportResult; motivo: string };

const DECIMALS = new Set(["preco", "area", "condominio", "iptu"]);
const FEATURE_FIELDS = Object.keys(FEATURES) as CountField[];

const same = (key: string, a: unknown, b: unknown) =>
  DECIMALS.has(key) ? (a == null ? null : Number(a)) === (b == null ? null : Number(b)) : String(a ?? "") === String(b ?? "");

/** The fields of `values` that differ from the stored row; features compared as present or not. */
function changes(row: Record<string, unknown> | undefined, values: ImportValues) {
  const set: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) if (!FEATURE_FIELDS.includes(k as CountField) && (!row || !same(k, row[k], v))) set[k] = v;
  for (const f of FEATURE_FIELDS) {
    const want = (values[f] ?? 0) > 0;
    if (!row ? want : Number(row[f]) > 0 !== want) set[f] = want ? 1 : 0;
  }
  return set;
}

async function recordItem(r: ItemResult, jobId: number) {
  await getDb().insert(importacaoItens).values({ importacao_id: jobId, codigo_feed: r.codigo, imovel_id: r.imovelId, resultado: r.resultado, motivo: r.motivo.slice(0, 1000) });
  return r;
}

/** Imports one mapped listing; returns (and records) its line of the report. */
export async function importListing(m: Mapped, ctx: ImportContext): Promise<ItemResult> {
  if (m.kind === "ignored") return recordItem({ codigo: m.codigo || "(sem código)", imovelId: null, resultado: "ignorado", motivo: m.reason }, ctx.jobId);
  const db = getDb();
  const [row] = await db.select().from(imoveis).where(eq(imoveis.codigo_feed, m.codigo)).limit(1);
  const existing = row
    ? await db.select({ id: imovelFotos.id, img: imovelFotos.img, origem: imovelFotos.origem }).from(imovelFotos).where(eq(imovelFotos.imovel_id, row.id)).orderBy(asc(imovelFotos.position), asc(imovelFotos.id))
    : [];
  const imported = existing.filter((f) => f.origem != null);
  const byUrl = new Map(imported.map((f) => [f.origem!, f.img]));
  const wanted = m.fotos.map((f, i) => ({ ...f, n: i + 1 }));
  const { stored, warnings: photoWarnings } = await storePhotos(ctx.fetcher, wanted.filter((f) => !byUrl.has(f.url)));
  for (const s of stored) byUrl.set(s.url, s.img);
  // The feed's order, without the photos that could not be stored.
  const finalImgs = wanted.filter((f) => byUrl.has(f.url)).map((f) => ({ url: f.url, img: byUrl.get(f.url)! }));
  const removed = imported.filter((f) => !m.fotos.some((w) => w.url === f.origem));
  const primary = wanted.find((f) => f.primary && byUrl.has(f.url));
  const capa = primary ? byUrl.get(primary.url)! : (finalImgs[0]?.img ?? row?.capa ?? null);
  // New, removed or moved photos, or another cover.
  const photosChanged = imported.map((f) => f.img).join("|") !== finalImgs.map((f) => f.img).join("|") || (row?.capa ?? null) !== capa;
  const set = changes(row as Record<string, unknown> | undefined, m.values);
  const warnings = [...m.warnings, ...photoWarnings];
  const notes = m.notes;
  const motivoOf = (what: string[]) => [...what, ...warnings, ...notes].join("; ");

  if (row && !photosChanged && !Object.keys(set).length) {
    return recordItem({ codigo: m.codigo, imovelId: row.id, resultado: warnings.length ? "com avisos" : "sem mudança", motivo: motivoOf([]) }, ctx.jobId);
  }
  let id: number;
  try {
    id = await contentWrite(async (tx) => {
      let id: number;
      if (row) {
        id = row.id;
        if (Object.keys(set).length) await tx.update(imoveis).set(set).where(eq(imoveis.id, id));
      } else {
        const ativo = ctx.publicar ? "sim" : "nao";
        id = await insertImovelIn(tx, { ...m.values, ...set, codigo_feed: m.codigo, ativo, publicar_portais: ativo } as Parameters<typeof insertImovelIn>[1]);
      }
      for (const f of removed) await tx.delete(imovelFotos).where(eq(imovelFotos.id, f.id));
      const newOnes = new Map(stored.map((s: StoredPhoto) => [s.img, s]));
      for (const [position, f] of finalImgs.entries()) {
        const s = newOnes.get(f.img);
        if (s) await tx.insert(imovelFotos).values({ imovel_id: id, img: s.img, largura: s.largura, origem: s.url.slice(0, 1000), position });
        else await tx.update(imovelFotos).set({ position }).where(and(eq(imovelFotos.imovel_id, id), eq(imovelFotos.img, f.img)));
      }
      await tx.update(imoveis).set({ capa }).where(eq(imoveis.id, id));
      const fields = Object.keys(set).map((k) => IMOVEL_LABELS[k] ?? k);
      await recordImovel(tx, ctx.actor, row ? "imovel_editado" : "imovel_criado", id, { detail: `importado do feed (${m.codigo})${row ? `: ${[...fields, ...(photosChanged ? ["fotos"] : [])].join(", ")}` : ""}` });
      return id;
    });
  } catch (e) {
    await discardPhotos(stored);
    throw e;
  }
  await removeUnusedImages(removed.map((f) => f.img));
  const changed = [...new Set(Object.keys(set).map((k) => (IMOVEL_LABELS[k] ?? k).toLowerCase()))];
  if (photosChanged && row) changed.push("fotos");
  return recordItem(
    { codigo: m.codigo, imovelId: id, resultado: warnings.length ? "com avisos" : row ? "atualizado" : "criado", motivo: motivoOf(row ? [`mudou: ${changed.join(", ")}`] : [`${finalImgs.length} ${finalImgs.length === 1 ? "foto" : "fotos"}`]) },
    ctx.jobId,
  );
}
