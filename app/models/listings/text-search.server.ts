// The search box's words against the listings' FULLTEXT index (issue 22; schema.ts `busca`,
// drizzle/0008_text_search.sql). The words come from text-search.ts: letters and digits only.
import { asc, desc, eq, inArray, is, SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { imoveis } from "../../db/schema";
import { descricaoPlain } from "../../services/sanitize.server";
import type { ImovelCardData } from "../../utils/imovel";
import type { Page } from "../../utils/pagination";
import { booleanQuery, excerpt, fold } from "../../utils/text-search";
import { cardColumns, countWhere, PAGE_SIZE, type Order } from "./imovel-page.server";

/** MATCH … AGAINST in boolean mode: the filter (non-zero) and, in an ORDER BY, the relevance. */
export function matchSql(words: readonly string[]) {
  return sql`MATCH(${imoveis.busca}) AGAINST(${booleanQuery(words)} IN BOOLEAN MODE)`;
}

/**
 * The cards with, where no word shows on the card itself (street, bairro, city, tipo), the part of
 * the description that matched: the visitor sees why a listing was found. One read of the page's rows.
 */
export async function withExcerpts(db: Db, cards: ImovelCardData[], words: readonly string[]): Promise<ImovelCardData[]> {
  const onCard = (c: ImovelCardData) => fold(`${c.tipo} ${c.endereco} ${c.bairro} ${c.cidade}`).split(/[^\p{L}\p{N}]+/u);
  const need = cards.filter((c) => !words.every((w) => onCard(c).some((t) => t.startsWith(w))));
  if (!need.length) return cards;
  const rows = await db
    .select({ id: imoveis.id, descricao: imoveis.descricao })
    .from(imoveis)
    .where(inArray(imoveis.id, need.map((c) => c.id)));
  const trechos = new Map(rows.map((r) => [r.id, excerpt(descricaoPlain(r.descricao), words)]));
  return cards.map((c) => {
    const trecho = trechos.get(c.id);
    return trecho ? { ...c, trecho } : c;
  });
}

/**
 * One page of a word search. InnoDB's full-text search costs about 2.5 µs for every listing a word
 * is found in, each time it is evaluated (docs/performance.md, "Search by words"), so a page evaluates
 * it once: the page's ids, their relevance and the total (a window COUNT) come from one statement, and
 * the outer query orders by the relevance read there, not by a second MATCH. A page past the end is
 * read again as the last one (the total says which).
 */
export async function searchPage(db: Db, where: SQL | undefined, words: readonly string[], order: Order, page = 1, size = PAGE_SIZE): Promise<Page<ImovelCardData>> {
  const pageSize = Math.min(Math.max(size, 1), 100);
  const read = async (offset: number) => {
    const ids = db
      .select({ id: imoveis.id, score: sql<number>`${matchSql(words)}`.as("score"), total: sql<number>`COUNT(*) OVER ()`.as("total") })
      .from(imoveis)
      .where(where)
      .orderBy(...order.map(([column, dir]) => (dir === "asc" ? asc(column) : desc(column))))
      .limit(pageSize)
      .offset(offset)
      .as("page_ids");
    // The relevance term of `order` is the only SQL one; the rest are columns, read from the row.
    const outer = order.map(([column, dir]) => {
      const by = is(column, SQL) ? ids.score : column;
      return dir === "asc" ? asc(by) : desc(by);
    });
    return db.select({ ...cardColumns, total: ids.total }).from(ids).innerJoin(imoveis, eq(imoveis.id, ids.id)).orderBy(...outer);
  };
  let current = Math.max(1, Math.floor(page));
  let rows = await read((current - 1) * pageSize);
  const total = rows.length ? Number(rows[0].total) : current > 1 ? await countWhere(db, where) : 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  if (!rows.length && current > 1) {
    current = pageCount;
    if (total > 0) rows = await read((current - 1) * pageSize);
  }
  const data = rows.map(({ total: _total, ...card }) => card as ImovelCardData);
  return { data, total, page: current, pageCount, pageSize };
}
