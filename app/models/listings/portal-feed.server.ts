// The VRSync feed the portals read (issue 23; /feeds/vrsync.xml; which listings go in
// app/utils/portais.ts, their XML in ./portal-xml.server.ts, the mapping in decision 0024, the
// portals' rules in decision 0029). Written listing by listing, 500 at a time, so its cost in memory does
// not grow with the number of listings; the route keeps it in a file per content version.
import { and, asc, eq, gt, inArray } from "drizzle-orm";
import { getDb, type Db } from "../../db/client.server";
import { contentVersion, imoveis, imovelFotos } from "../../db/schema";
import { descricaoPlain } from "../../services/sanitize.server";
import { COUNT_FIELDS } from "../../utils/enums";
import { PORTAL_STATUS, portalState, type PortalState } from "../../utils/portais";
import { feedHead, listingXml, portalPhotos, type FeedFoto, type FeedRow, type FeedSite } from "./portal-xml.server";

const BATCH = 500;

const feedColumns = {
  id: imoveis.id,
  codigo: imoveis.codigo,
  tipo: imoveis.tipo,
  status: imoveis.status,
  ativo: imoveis.ativo,
  publicar_portais: imoveis.publicar_portais,
  mostrar_numero: imoveis.mostrar_numero,
  preco: imoveis.preco,
  area: imoveis.area,
  condominio: imoveis.condominio,
  iptu: imoveis.iptu,
  descricao: imoveis.descricao,
  capa: imoveis.capa,
  video: imoveis.video,
  endereco: imoveis.endereco,
  numero: imoveis.numero,
  bairro: imoveis.bairro,
  cidade: imoveis.cidade,
  estado: imoveis.estado,
  cep: imoveis.cep,
  alarme: imoveis.alarme,
  ...Object.fromEntries(COUNT_FIELDS.map((f) => [f, imoveis[f]])),
} as const;

/** Rows with their photos in order, their plain-text description and where they stand (portalState). */
async function withStates(db: Db, rows: FeedRow[]) {
  const fotoRows = rows.length
    ? await db
        .select({ imovel_id: imovelFotos.imovel_id, img: imovelFotos.img, largura: imovelFotos.largura })
        .from(imovelFotos)
        .where(inArray(imovelFotos.imovel_id, rows.map((r) => r.id)))
        .orderBy(asc(imovelFotos.imovel_id), asc(imovelFotos.position), asc(imovelFotos.id))
    : [];
  const fotos = new Map<number, FeedFoto[]>();
  for (const f of fotoRows) fotos.set(f.imovel_id, [...(fotos.get(f.imovel_id) ?? []), { img: f.img, largura: f.largura }]);
  return rows.map((row) => {
    const descricao = descricaoPlain(row.descricao);
    const imgs = fotos.get(row.id) ?? [];
    const state = portalState({ ...row, fotos: portalPhotos(row.capa, imgs).length, fotosTotal: imgs.length, descricao });
    return { row, fotos: imgs, descricao, state };
  });
}

/**
 * The candidates of the feed (active, 'Publicar nos portais', Venda or Locação), in id order,
 * BATCH at a time (keyset: each batch starts after the last id), each with where it stands.
 */
export async function* feedBatches(db: Db) {
  let after = 0;
  for (;;) {
    const rows = (await db
      .select(feedColumns)
      .from(imoveis)
      .where(and(eq(imoveis.ativo, "sim"), eq(imoveis.publicar_portais, "sim"), inArray(imoveis.status, [...PORTAL_STATUS]), gt(imoveis.id, after)))
      .orderBy(asc(imoveis.id))
      .limit(BATCH)) as unknown as FeedRow[];
    if (!rows.length) return;
    after = rows[rows.length - 1].id;
    yield await withStates(db, rows);
    if (rows.length < BATCH) return;
  }
}

/** Where each of these listings stands with the portals (the admin list's and edit page's "Portais"). */
export async function portalStates(ids: readonly number[], db: Db = getDb()) {
  if (!ids.length) return new Map<number, { state: PortalState; publicar: boolean }>();
  const rows = (await db.select(feedColumns).from(imoveis).where(inArray(imoveis.id, [...ids]))) as unknown as FeedRow[];
  return new Map((await withStates(db, rows)).map((r) => [r.row.id, { state: r.state, publicar: r.row.publicar_portais === "sim" }]));
}

/** /admin/portais: how many go, and those left out with what each lacks. */
export async function portalSummary(db: Db = getDb()) {
  let inFeed = 0;
  const leftOut: { id: number; codigo: string | null; endereco: string; missing: string[] }[] = [];
  const byReason = new Map<string, number>();
  for await (const batch of feedBatches(db)) {
    for (const { row, state } of batch) {
      if (state.kind === "feed") inFeed++;
      else if (state.kind === "missing") {
        leftOut.push({ id: row.id, codigo: row.codigo, endereco: [row.endereco, row.numero].filter(Boolean).join(", "), missing: state.missing });
        for (const m of state.missing) byReason.set(m, (byReason.get(m) ?? 0) + 1);
      }
    }
  }
  return { inFeed, leftOut, byReason: [...byReason].sort((a, b) => b[1] - a[1]) };
}

/**
 * When the listings last changed (the content version's time): the feed's PublishDate. Not the time
 * of writing: every process of every replica then writes the same bytes for the same content, so a
 * portal's ETag matches whichever answers it (as the page cache's copies do, decision 0021).
 */
async function publishedAt(db: Db) {
  const [row] = await db.select({ at: contentVersion.changed_at }).from(contentVersion).where(eq(contentVersion.id, 1));
  return row?.at ?? new Date(0);
}

/** The whole feed as chunks of text: the header, then one <Listing> per listing that goes. */
export async function* vrsyncChunks(site: FeedSite, db: Db = getDb()) {
  yield feedHead(site, await publishedAt(db));
  for await (const batch of feedBatches(db)) {
    const out = batch.filter((b) => b.state.kind === "feed").map((b) => listingXml(b.row, b.fotos, b.descricao, site));
    if (out.length) yield `${out.join("\n")}\n`;
  }
  yield "</Listings>\n</ListingDataFeed>\n";
}
