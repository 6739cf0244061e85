// One page of listing cards, public or admin, read so that its cost does not grow with the table
// (issue 11: 100,000 listings, p95 ≤ 20 ms; `scripts/bench-lists.ts` measures it, EXPLAIN included).
import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { contentVersion, imoveis } from "../../db/schema";
import type { ImovelCardData } from "../../utils/imovel";
import { capaSql } from "./foto.server";
import { paginate, type Page } from "../../utils/pagination";
import { afterKey, keepMarks, marksOf, nearestStart, type Order as MarkOrder } from "./page-marks.server";

export const PAGE_SIZE = 12;

export const cardColumns = {
  id: imoveis.id,
  codigo: imoveis.codigo,
  tipo: imoveis.tipo,
  status: imoveis.status,
  preco: imoveis.preco,
  area: imoveis.area,
  endereco: imoveis.endereco,
  numero: imoveis.numero,
  bairro: imoveis.bairro,
  cidade: imoveis.cidade,
  estado: imoveis.estado,
  quartos: imoveis.quartos,
  banheiros: imoveis.banheiros,
  garagem: imoveis.garagem,
  ativo: imoveis.ativo,
  capa: capaSql.as("capa"),
};

/**
 * A list's order, column by column. It must end with `imoveis.id`: a total order is what lets a page
 * be read from either end (below), or from a bookmark, and still be the same rows.
 */
export type Order = MarkOrder;

/** The ORDER BY of `order`, or of its reverse. */
export const orderSql = (order: Order, reversed = false) =>
  order.map(([column, dir]) => ((dir === "asc") !== reversed ? asc(column) : desc(column)));

const versionSql = sql<number>`(SELECT ${contentVersion.version} FROM ${contentVersion} WHERE ${contentVersion.id} = 1)`;

/**
 * The rows at [offset, offset + limit) of `total` (undefined: not known yet, on page 1). Three things
 * keep this cheap at any depth:
 * - a deferred join: the page's ids come from an index alone (ORDER BY … LIMIT … OFFSET walks index
 *   entries, not rows), then only those rows are read, so the card columns and the capa subquery
 *   are read for the page's rows and not for every row skipped;
 * - past the middle, the same rows are counted from the other end, in the reversed order (which an
 *   index read backwards gives too): the walk is at most half the list. The outer ORDER BY puts
 *   them back in the list's order. This needs `total` to be the count the rows are read against —
 *   as the page number's clamping already does; a write in between shifts a page either way;
 * - with `marks` (public lists), from the nearest page already read at this content version, in
 *   either direction (page-marks.server.ts): the next page of one read walks nothing.
 */
async function pageRows(db: Db, where: SQL | undefined, order: Order, limit: number, offset: number, total: number | undefined, marks: boolean) {
  const count = Math.max(0, Math.min(limit, (total ?? Infinity) - offset));
  const fromEnd = (total ?? Infinity) - offset - count;
  const { sql: text, params } = db.select({ id: imoveis.id }).from(imoveis).where(where).orderBy(...orderSql(order)).toSQL();
  const list = marks ? JSON.stringify([text, params]) : null;
  const known = list ? await marksOf(list) : { marks: [] };
  const start = nearestStart(offset, count, fromEnd, known.marks);
  const ids = db
    .select({ id: imoveis.id })
    .from(imoveis)
    .where(start.key ? and(where, afterKey(order, start.key, start.reversed)) : where)
    .orderBy(...orderSql(order, start.reversed))
    .limit(start.reversed ? count : limit)
    .offset(start.skip)
    .as("page_ids");
  // Each row also brings its sort key, and the statement the content version it read (a bookmark).
  const keys = Object.fromEntries(order.map(([column], i) => [`k${i}`, column]));
  const rows = await db
    .select({ ...cardColumns, marked: { ...keys, version: versionSql } })
    .from(ids)
    .innerJoin(imoveis, eq(imoveis.id, ids.id))
    .orderBy(...orderSql(order));
  const cards = rows.map(({ marked: _, ...card }) => card) as ImovelCardData[];
  if (!list) return cards;
  const key = (r: (typeof rows)[number]) => order.map((_, i) => (r.marked as Record<string, unknown>)[`k${i}`]);
  // A page counted from the end has positions that hold only if `total` was counted at the rows'
  // version; the total comes from an earlier statement (a write, or a lagging replica, in between
  // would file every later page one row off). Pages entered from the start or from a bookmark have
  // positions of their own.
  if (rows.length && !(start.reversed && start.key == null)) {
    const [first, last] = [rows[0], rows[rows.length - 1]];
    keepMarks(list, Number((first.marked as { version: number }).version), [
      { pos: offset, key: key(first) },
      { pos: offset + rows.length - 1, key: key(last) },
    ]);
  }
  return cards;
}

/** How many listings match `where` (every row: no cache). */
export async function countWhere(db: Db, where: SQL | undefined) {
  return Number((await db.select({ total: sql<number>`COUNT(*)` }).from(imoveis).where(where))[0].total);
}

/** One page of cards: the total (`count`, by default COUNT(*)), the page clamped to the last one, its rows. */
export function pageOf(
  db: Db,
  where: SQL | undefined,
  order: Order,
  page = 1,
  size = PAGE_SIZE,
  count: () => Promise<number> = () => countWhere(db, where),
  marks = false,
): Promise<Page<ImovelCardData>> {
  return paginate(count, (limit, offset, total) => pageRows(db, where, order, limit, offset, total, marks), page, size);
}
