// The totals of the public lists, counted by the write instead of the first reader after it
// (issue 11; docs/decisions/0016-list-totals-paid-by-the-write.md). A broad list (/imoveis: ~90,000
// active listings at 100,000) has no narrow index range to count: COUNT(*) walks one index entry
// per listing. So every content write, in its own transaction and right after bumping the content
// version, recounts the active listings grouped by (status, tipo, quartos, banheiros), with the
// share of each city of the home search, and files the groups under that version. Recounted from
// the rows every time, never incremented: they cannot drift. A total whose filters are among those
// is a sum over the groups; any other filter (bairro, price) is counted when read.
// Why no total is remembered between readers: reading the groups and summing them costs ~0.3 ms at
// 100,000 listings, a bairro or price count ~1 ms, and the page cache and the public reads
// (public-reads.server.ts) already keep each list's page until the next write; a total remembered
// per version saved ≤ 0.8 ms of a page nobody had asked for yet (docs/performance.md, "What each
// cache buys").
import { eq, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.server";
import { contentVersion, imoveis, listTotals } from "../../db/schema";
import { CIDADES, type PublicCriteria } from "../../utils/search";


/** [status, tipo, quartos, banheiros, active listings, of which in each of `cidades`]. */
type Group = [string, string, number, number, number, number[]];
export type ListTotals = { cidades: string[]; groups: Group[] };

/**
 * Recounts the groups and files them under the version this transaction has just written. It must
 * run after the bump (which holds the version row's lock until commit, so every earlier content
 * write has committed) and in READ COMMITTED (so the count sees them: a REPEATABLE READ snapshot
 * taken earlier in the transaction would not). contentWrite does both.
 */
export async function recountListTotals(tx: Tx) {
  const [{ version }] = await tx.select({ version: contentVersion.version }).from(contentVersion).where(eq(contentVersion.id, 1));
  // Grouped in the order of imoveis_filtros_idx (ativo, status, tipo, quartos, banheiros, …, cidade):
  // one pass over that index alone, no temporary table.
  const rows = await tx
    .select({
      status: imoveis.status,
      tipo: imoveis.tipo,
      quartos: imoveis.quartos,
      banheiros: imoveis.banheiros,
      total: sql<number>`COUNT(*)`,
      cidades: sql<string>`CONCAT_WS(',', ${sql.join(CIDADES.map((c) => sql`SUM(${imoveis.cidade} = ${c})`), sql`, `)})`,
    })
    .from(imoveis)
    .where(eq(imoveis.ativo, "sim"))
    .groupBy(imoveis.status, imoveis.tipo, imoveis.quartos, imoveis.banheiros);
  const totals: ListTotals = {
    cidades: [...CIDADES],
    groups: rows.map((r) => [r.status, r.tipo, r.quartos, r.banheiros, Number(r.total), r.cidades.split(",").map(Number)]),
  };
  const text = JSON.stringify(totals);
  await tx.insert(listTotals).values({ id: 1, version, totals: text }).onDuplicateKeyUpdate({ set: { version, totals: text } });
}

/**
 * The database's current version and the totals counted for it, read in one statement (one
 * snapshot): `totals` is null when the last version was made by a write that did not count them
 * (one made around the models, like a test's or an operator's UPDATE).
 */
export async function readListTotals(db: Db): Promise<{ version: number; totals: ListTotals | null }> {
  const [row] = await db
    .select({ version: contentVersion.version, counted: listTotals.version, totals: listTotals.totals })
    .from(contentVersion)
    .leftJoin(listTotals, eq(listTotals.id, 1))
    .where(eq(contentVersion.id, 1));
  if (!row) return { version: 0, totals: null };
  return { version: row.version, totals: row.counted === row.version && row.totals ? (JSON.parse(row.totals) as ListTotals) : null };
}

/** The total of `c` from the groups, or null when its filters are not among them. */
export function totalFromGroups(t: ListTotals, c: PublicCriteria): number | null {
  if (c.bairro || c.preco_min != null || c.preco_max != null || c.excludeId || c.id != null || c.words?.length) return null;
  const city = c.cidade == null ? -1 : t.cidades.indexOf(c.cidade);
  if (city < 0 && c.cidade != null) return null;
  let n = 0;
  for (const [status, tipo, quartos, banheiros, total, cidades] of t.groups) {
    if ((c.status && status !== c.status) || (c.tipo && tipo !== c.tipo)) continue;
    if ((c.quartos && quartos < c.quartos) || (c.banheiros && banheiros < c.banheiros)) continue;
    n += city < 0 ? total : cidades[city];
  }
  return n;
}

/**
 * The number of active listings matching `where`, the public filter built from `criteria`: a sum over
 * the groups when the last write counted them and its filters are among them, else COUNT(*). Both
 * from `db`, the database the page's rows come from, so a lagging replica's total fits its rows.
 */
export async function countPublic(db: Db, where: SQL | undefined, criteria: PublicCriteria): Promise<number> {
  const { totals } = await readListTotals(db);
  const summed = totals && totalFromGroups(totals, criteria);
  if (summed != null) return summed;
  return Number((await db.select({ total: sql<number>`COUNT(*)` }).from(imoveis).where(where))[0].total);
}
