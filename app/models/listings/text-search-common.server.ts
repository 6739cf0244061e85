// Words in thousands of listings (issue 33). InnoDB's full-text search ranks every listing a word is
// in, whatever the LIMIT: ~2.5–3 µs each, 78 ms for 'casa' in 25,757 listings of 100,000
// (docs/performance.md). A word that common says little about which listing is best, so its list is
// capped instead: the first COMMON_CAP matches in the list's order (newest first for "Mais
// relevantes"), read from the order's index with the words tested on each row, which stops as soon
// as the cap is reached. At an agency's size (MAX(id) ≤ FULLTEXT_MAX) no word can be that common
// and nothing here runs.
import { and, asc, desc, inArray, is, SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { imoveis } from "../../db/schema";
import type { ImovelCardData } from "../../utils/imovel";
import type { Page } from "../../utils/pagination";
import { cardColumns, type Order } from "./imovel-page.server";

/** Above this many estimated matches, full-text search costs more than ~12 ms: the capped list. */
export const FULLTEXT_MAX = 4_000;
/** How many of the newest listings the estimate reads. */
const PROBE = 1_000;
/** A common word's list: at most this many matches (20 pages of 12). */
export const COMMON_CAP = 240;

/** A word at a word's start in the search text; the collation ignores accents and case like the index. */
const startsWord = (column: SQL | typeof imoveis.busca, word: string) => sql`CONCAT(' ', ${column}) LIKE ${`% ${word}%`}`;

/**
 * How many listings hold all of `words`, from the share of the newest PROBE that do (the full-text
 * search's cost grows with the listings a word is in, active or not: so does this estimate).
 */
export async function estimatedMatches(db: Db, words: readonly string[]): Promise<number> {
  const [[{ top }]] = (await db.execute(sql`SELECT COALESCE(MAX(id), 0) AS top FROM imoveis`)) as unknown as [[{ top: number }]];
  if (Number(top) <= FULLTEXT_MAX) return 0;
  const all = sql.join(words.map((w) => startsWord(sql.raw("s.busca"), w)), sql` AND `);
  const [[{ n, m }]] = (await db.execute(
    sql`SELECT COUNT(*) AS n, COALESCE(SUM(${all}), 0) AS m FROM (SELECT busca FROM imoveis ORDER BY id DESC LIMIT ${PROBE}) s`,
  )) as unknown as [[{ n: number; m: number }]];
  return Number(n) ? (Number(m) / Number(n)) * Number(top) : 0;
}

/** The newest first: the order of a capped list when the visitor asked for the most relevant. */
const NEWEST: Order = [[imoveis.created_at, "desc"], [imoveis.id, "desc"]];

/**
 * One page of a common word's capped list: `where` without the full-text match, the words tested
 * per row, at most COMMON_CAP ids in `order`, then the page's cards. `capped` says the list was cut.
 */
export async function commonWordPage(
  db: Db,
  where: SQL | undefined,
  words: readonly string[],
  order: Order,
  page = 1,
  size = 12,
): Promise<Page<ImovelCardData> & { capped: boolean }> {
  const byRelevance = order.some(([column]) => is(column, SQL));
  const shown = byRelevance ? NEWEST : order;
  const rows = await db
    .select({ id: imoveis.id })
    .from(imoveis)
    .where(and(where, ...words.map((w) => startsWord(imoveis.busca, w))))
    .orderBy(...shown.map(([column, dir]) => (dir === "asc" ? asc(column) : desc(column))))
    .limit(COMMON_CAP);
  const pageSize = Math.min(Math.max(size, 1), 100);
  const total = rows.length;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, Math.floor(page)), pageCount);
  const ids = rows.slice((current - 1) * pageSize, current * pageSize).map((r) => r.id);
  const cards = ids.length ? ((await db.select(cardColumns).from(imoveis).where(inArray(imoveis.id, ids))) as ImovelCardData[]) : [];
  const byId = new Map(cards.map((c) => [c.id, c]));
  return { data: ids.flatMap((id) => byId.get(id) ?? []), total, page: current, pageCount, pageSize, capped: total === COMMON_CAP };
}
