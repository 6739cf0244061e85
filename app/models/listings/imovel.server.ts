// Listings (imoveis): the public and admin lists and one listing; the writes are in imovel-write.server.ts.
import { and, asc, desc, eq, getTableColumns, gt, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import { getDb, type Db, type Tx } from "../../db/client.server";
import { withReadDb } from "../../db/read-db.server";
import { imoveis } from "../../db/schema";
import { STATUS, type Status, type Tipo } from "../../utils/enums";
import type { ImovelCardData } from "../../utils/imovel";
import { shownSort, type PublicCriteria, type Sort } from "../../utils/search";
import type { Page } from "../../utils/pagination";
import { publicRead } from "./public-reads.server";
import { capaSql, listFotos } from "./foto.server";
import { cardColumns, orderSql, pageOf, type Order } from "./imovel-page.server";
import { matchSql, searchPage, withExcerpts } from "./text-search.server";
import { commonWordPage, estimatedMatches, FULLTEXT_MAX } from "./text-search-common.server";
import { estadiaWhere } from "../temporada/estadia-sql.server";

export { PAGE_SIZE } from "./imovel-page.server";

/** The criteria as SQL; `text: false` leaves the words out (a common word's list tests them per row). */
function publicWhere(c: PublicCriteria, { text = true } = {}) {
  const conds: SQL[] = [eq(imoveis.ativo, "sim")];
  if (c.id != null) conds.push(eq(imoveis.id, c.id));
  if (text && c.words?.length) conds.push(matchSql(c.words));
  if (c.status) conds.push(eq(imoveis.status, c.status));
  // Filtered without a status (a sentence on /imoveis): every status named lets the optimizer read
  // the filter and bairro indexes, whose second or third part is the status, instead of walking the
  // price index over every active listing (100,000 listings: ~10× less, docs/performance.md).
  else if (c.tipo || c.bairro || c.quartos || c.suites || c.banheiros || c.vagas) conds.push(inArray(imoveis.status, [...STATUS]));
  if (c.tipo) conds.push(eq(imoveis.tipo, c.tipo));
  if (c.cidade) conds.push(eq(imoveis.cidade, c.cidade));
  if (c.bairro) conds.push(eq(imoveis.bairro, c.bairro));
  if (c.preco_min != null) conds.push(gte(imoveis.preco, c.preco_min.toFixed(2)));
  if (c.preco_max != null) conds.push(lte(imoveis.preco, c.preco_max.toFixed(2)));
  if (c.quartos) conds.push(gte(imoveis.quartos, c.quartos));
  if (c.banheiros) conds.push(gte(imoveis.banheiros, c.banheiros));
  if (c.suites) conds.push(gte(imoveis.suite, c.suites));
  if (c.vagas) conds.push(gte(imoveis.garagem, c.vagas));
  if (c.excludeId) conds.push(sql`${imoveis.id} <> ${c.excludeId}`);
  if (c.estadia) conds.push(estadiaWhere(c.estadia));
  return and(...conds);
}

/** Each order has its index (schema.ts), relevance its FULLTEXT score; the ties go to the newest id. */
function orderBy(sort: Sort, words?: string[]): Order {
  if (sort === "relevancia" && words?.length) return [[matchSql(words), "desc"], [imoveis.id, "desc"]];
  if (sort === "preco_asc") return [[imoveis.preco, "asc"], [imoveis.id, "desc"]];
  if (sort === "preco_desc") return [[imoveis.preco, "desc"], [imoveis.id, "desc"]];
  return [[imoveis.created_at, "desc"], [imoveis.id, "desc"]];
}

/**
 * A list's total, counted when its page is first read after a content write: the page cache and the
 * public reads keep it until the next (decision 0030: counting it in every write bought nothing at an
 * agency's size).
 */
async function countWhere(db: Db, where: SQL | undefined) {
  return Number((await db.select({ total: sql<number>`COUNT(*)` }).from(imoveis).where(where))[0].total);
}

/** Every public list: active listings only, filtered, sorted and paginated (a public read: replica). */
export function listPublic(
  criteria: PublicCriteria,
  opts: { page?: number; pageSize?: number; sort?: Sort } = {},
): Promise<Page<ImovelCardData> & { capped?: boolean }> {
  const where = publicWhere(criteria);
  const order = orderBy(shownSort(opts.sort, !!criteria.words?.length), criteria.words);
  return publicRead("listPublic", [criteria, opts], () =>
    withReadDb(async (db) => {
      if (!criteria.words?.length) return pageOf(db, where, order, opts.page, opts.pageSize, () => countWhere(db, where));
      // Words in thousands of listings: a capped list instead of ranking them all (issue 33).
      const common = (await estimatedMatches(db, criteria.words)) > FULLTEXT_MAX;
      const page = common
        ? await commonWordPage(db, publicWhere(criteria, { text: false }), criteria.words, order, opts.page, opts.pageSize)
        : await searchPage(db, where, criteria.words, order, opts.page, opts.pageSize);
      return { ...page, data: await withExcerpts(db, page.data, criteria.words) };
    }),
  );
}

/**
 * The listings of a public search that became public in (desde, ate], newest first: an e-mail
 * alert's digest (issue 32 §2) re-runs the list page's own criteria (publicWhere) on the listings
 * published since its last e-mail. Read from the primary, uncached: a job's read, once a day per alert;
 * the range comes from imoveis_ativo_publicado_idx.
 */
export async function listNewlyPublic(criteria: PublicCriteria, desde: Date, ate: Date, limit = 20, db: Db | Tx = getDb()) {
  const where = and(publicWhere(criteria), gt(imoveis.publicado_em, desde), lte(imoveis.publicado_em, ate));
  return (await db
    .select({ ...cardColumns, publicado_em: imoveis.publicado_em })
    .from(imoveis)
    .where(where)
    .orderBy(desc(imoveis.publicado_em), desc(imoveis.id))
    .limit(limit)) as (ImovelCardData & { publicado_em: Date })[];
}

/** The newest active listings of one status, without a count (nothing pages): home lists, related. */
function newest(criteria: PublicCriteria, qtd: number) {
  const limit = Math.min(Math.max(qtd, 1), 100);
  const order = orderSql(orderBy("recentes"));
  return withReadDb(async (db) => (await db.select(cardColumns).from(imoveis).where(publicWhere(criteria)).orderBy(...order).limit(limit)) as ImovelCardData[]);
}

/** produto §7 get_imoveis_home: the newest active listings of one status. */
export function listHome(status: Status, qtd: number) {
  return publicRead("listHome", [status, qtd], () => newest({ status }, qtd));
}

/** A listing page's "related": the newest other active listings of its status. */
export function listRelated(imovel: { id: number; status: Status }, qtd = 4) {
  return publicRead("listRelated", [imovel.id, imovel.status, qtd], () => newest({ status: imovel.status, excludeId: imovel.id }, qtd));
}

/**
 * "Imóveis semelhantes" (issue 22): up to 4 other active listings of the same status and tipo priced
 * within ±25 %, the same bairro first, then the nearest price. A listing without a price has none.
 * The filter index (ativo, status, tipo, …, preco) narrows the rows; the order sorts the few left.
 */
export function listSimilar(imovel: { id: number; status: Status; tipo: Tipo; preco: string; bairro: string }, qtd = 4) {
  const preco = Number(imovel.preco);
  if (!(preco > 0)) return Promise.resolve([] as ImovelCardData[]);
  const where = publicWhere({ status: imovel.status, tipo: imovel.tipo, preco_min: preco * 0.75, preco_max: preco * 1.25, excludeId: imovel.id });
  return publicRead("listSimilar", [imovel.id, imovel.status, imovel.tipo, imovel.preco, imovel.bairro, qtd], () =>
    withReadDb(
      async (db) =>
        (await db
          .select(cardColumns)
          .from(imoveis)
          .where(where)
          .orderBy(sql`${imoveis.bairro} = ${imovel.bairro} DESC`, sql`ABS(${imoveis.preco} - ${imovel.preco})`, desc(imoveis.id))
          .limit(qtd)) as ImovelCardData[],
    ),
  );
}

/**
 * The cards of those of `ids` that are public, in the order of `ids` (a visitor's favourites, issue 22):
 * an inactive or deleted listing is simply absent, nothing of it is shown.
 */
export function listPublicByIds(ids: readonly number[]) {
  if (!ids.length) return Promise.resolve([] as ImovelCardData[]);
  return publicRead("listPublicByIds", [ids], () =>
    withReadDb(async (db) => {
      const rows = (await db.select(cardColumns).from(imoveis).where(and(eq(imoveis.ativo, "sim"), inArray(imoveis.id, [...ids])))) as ImovelCardData[];
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    }),
  );
}

/**
 * Neighbourhoods that have active listings, for the list filters (a public read: replica). A loose
 * index scan of imoveis_bairro_ativo_status_created_idx: one seek per bairro, whatever the number of listings.
 */
export function listBairros() {
  return publicRead("listBairros", [], readBairros);
}

async function readBairros() {
  const rows = await withReadDb((db) =>
    db
      .selectDistinct({ bairro: imoveis.bairro })
      .from(imoveis)
      .where(and(eq(imoveis.ativo, "sim"), sql`${imoveis.bairro} <> ''`))
      .orderBy(asc(imoveis.bairro))
      .limit(200),
  );
  return rows.map((r) => r.bairro);
}

// Every column but the search text, which the database derives from the others (schema.ts `busca`).
const { busca: _busca, ...storedColumns } = getTableColumns(imoveis);

/** A listing as stored, with `capa` as shown (the capa rule applied), or null. Admin reads: primary. */
export async function getImovelById(id: number, db: Db = getDb()) {
  if (!Number.isSafeInteger(id) || id < 1) return null;
  const [row] = await db
    .select({ ...storedColumns, capa: capaSql })
    .from(imoveis)
    .where(eq(imoveis.id, id))
    .limit(1);
  return row ?? null;
}
export type Imovel = NonNullable<Awaited<ReturnType<typeof getImovelById>>>;

/** A public listing with its photos, or null when it does not exist or is inactive (replica). */
export function getPublicImovel(id: number) {
  return publicRead("getPublicImovel", [id], () =>
    withReadDb(async (db) => {
      const imovel = await getImovelById(id, db);
      if (!imovel || imovel.ativo !== "sim") return null;
      return { ...imovel, imagens: await listFotos(id, db) };
    }),
  );
}
export type PublicImovel = NonNullable<Awaited<ReturnType<typeof getPublicImovel>>>;

// The writes (create, edit, activate, portals, delete), each with its history entry.
export { deleteImovel, insertImovel, insertImovelIn, saveImovel, setAtivo, setPublicarPortais, updateImovel } from "./imovel-write.server";
