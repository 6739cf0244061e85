// The listings of the sitemap (issue 11): /sitemap.xml is a sitemap index, each of its files holds the
// active listings of one range of ids. A file is then read by one primary-key range (≤ SITEMAP_CHUNK_IDS
// rows, whatever the number of listings), and no listing is left out: one file of 50,000 URLs read
// 49,900 rows in one query (~150 ms at 100,000 listings) and dropped the rest.
import { and, asc, between, eq, sql } from "drizzle-orm";
import { withReadDb } from "../../db/read-db.server";
import { imoveis } from "../../db/schema";

/** Ids per sitemap file: at most this many URLs per file (sitemaps.org allows 50,000). */
export const SITEMAP_CHUNK_IDS = 2500;

const range = (chunk: number) => [chunk * SITEMAP_CHUNK_IDS + 1, (chunk + 1) * SITEMAP_CHUNK_IDS] as const;

/**
 * The files that have at least one active listing, numbered from 0 (replica). One statement: the
 * highest id (the end of the primary key), then, per range of ids, whether an active listing is in
 * it (EXISTS over a primary-key range stops at the first one). Empty ranges (every listing there
 * deleted or inactive) get no file: a sitemap must hold at least one URL.
 */
export function listSitemapChunks(): Promise<number[]> {
  return withReadDb(async (db) => {
    const [{ max }] = await db.select({ max: sql<number | null>`MAX(${imoveis.id})` }).from(imoveis);
    const chunks = Array.from({ length: Math.ceil(Number(max ?? 0) / SITEMAP_CHUNK_IDS) }, (_, k) => k);
    if (chunks.length === 0) return [];
    // Constant bounds in each EXISTS: the optimizer then reads the primary key's range (a bound
    // taken from a joined row of numbers made it walk an index on `ativo` instead, ~1 s).
    const probes = chunks.map((k) => {
      const [from, to] = range(k);
      return sql`SELECT ${sql.raw(String(k))} AS k FROM DUAL WHERE EXISTS (SELECT 1 FROM ${imoveis} WHERE ${imoveis.id} BETWEEN ${sql.raw(String(from))} AND ${sql.raw(String(to))} AND ${imoveis.ativo} = 'sim')`;
    });
    const [rows] = (await db.execute(sql.join(probes, sql` UNION ALL `))) as unknown as [{ k: number }[]];
    return rows.map((r) => Number(r.k));
  });
}

/** The active listings of file `chunk` (ids from chunk × SITEMAP_CHUNK_IDS + 1), by id (replica). */
export function listSitemapImoveis(chunk: number) {
  const [from, to] = range(chunk);
  return withReadDb((db) =>
    db
      .select({ id: imoveis.id, updated_at: imoveis.updated_at })
      .from(imoveis)
      .where(and(between(imoveis.id, from, to), eq(imoveis.ativo, "sim")))
      .orderBy(asc(imoveis.id)),
  );
}
