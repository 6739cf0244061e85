// One page of listing cards, public or admin, read so that its cost does not grow with the table
// (issue 11: 100,000 listings, p95 ≤ 20 ms; `scripts/bench-lists.ts` measures it, EXPLAIN included).
import { asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { MySqlColumn } from "drizzle-orm/mysql-core";
import type { Db } from "../../db/client.server";
import { imoveis } from "../../db/schema";
import type { ImovelCardData } from "../../utils/imovel";
import { capaSql } from "./foto.server";
import { paginate, type Page } from "../../utils/pagination";

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
 * be read from either end (below) and still be the same rows.
 */
export type Order = readonly (readonly [MySqlColumn | SQL, "asc" | "desc"])[];

/** The ORDER BY of `order`, or of its reverse. */
export const orderSql = (order: Order, reversed = false) =>
  order.map(([column, dir]) => ((dir === "asc") !== reversed ? asc(column) : desc(column)));

/**
 * The rows at [offset, offset + limit) of `total` (undefined: not known yet, on page 1). Two things
 * keep this cheap at any depth:
 * - a deferred join: the page's ids come from an index alone (ORDER BY … LIMIT … OFFSET walks index
 *   entries, not rows), then only those rows are read, so the card columns and the capa subquery
 *   are read for the page's rows and not for every row skipped;
 * - past the middle, the same rows are counted from the other end, in the reversed order (which an
 *   index read backwards gives too): the walk is at most half the list. The outer ORDER BY puts
 *   them back in the list's order. This needs `total` to be the count the rows are read against —
 *   as the page number's clamping already does; a write in between shifts a page either way.
 * At 100,000 listings the deepest page (the middle of /imoveis by price) takes ~7 ms; bookmarks of
 * the pages already read made a crawler's next page ~1 ms but bought nothing at 3,000 listings,
 * and were dropped (docs/performance.md, "What each cache buys").
 */
async function pageRows(db: Db, where: SQL | undefined, order: Order, limit: number, offset: number, total: number | undefined) {
  const count = Math.max(0, Math.min(limit, (total ?? Infinity) - offset));
  const reversed = (total ?? Infinity) - offset - count < offset;
  const ids = db
    .select({ id: imoveis.id })
    .from(imoveis)
    .where(where)
    .orderBy(...orderSql(order, reversed))
    .limit(reversed ? count : limit)
    .offset(reversed ? total! - offset - count : offset)
    .as("page_ids");
  return (await db.select(cardColumns).from(ids).innerJoin(imoveis, eq(imoveis.id, ids.id)).orderBy(...orderSql(order))) as ImovelCardData[];
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
): Promise<Page<ImovelCardData>> {
  return paginate(count, (limit, offset, total) => pageRows(db, where, order, limit, offset, total), page, size);
}
