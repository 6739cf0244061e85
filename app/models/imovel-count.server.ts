// The total of a public list, remembered per filter until the next content write (issue 11).
// Why: a broad list (/imoveis: ~90,000 active listings at 100,000) has no narrow index range to
// count, and COUNT(*) walks one index entry per listing (~15 ms there). Every write that changes a
// public page bumps the content version in its own transaction (content-version.server.ts), so a
// total counted at version v is exact for as long as the version is v. The first page after a write
// pays the count ("cold" in scripts/bench-lists.ts), the next ones do not ("warm").
// Why no table kept by triggers: creating a trigger needs SUPER where the binary log is on (MySQL 8
// by default, docker-compose's application user has no SUPER), and a count table written by the
// models would drift with every write made around them.
import { sql, type SQL } from "drizzle-orm";
import { getDb, type Db } from "../db/client.server";
import { withReadDb } from "../db/read-db.server";
import { contentVersion, imoveis } from "../db/schema";
import { currentContentVersion } from "./content-version.server";

/** Distinct filters remembered per version; past this the memory starts again (a crawler's variety). */
export const MAX_REMEMBERED = 500;

type Remembered = { version: number; totals: Map<string, Promise<number>> };
// On globalThis, like the pool: the Remix build and the server around it must share it.
const state: Remembered = ((globalThis as { __imobCounts?: Remembered }).__imobCounts ??= { version: -1, totals: new Map() });

/**
 * COUNT(*) of the active listings matching `where` (a public filter), from the read database.
 * The version is read in the same statement (one snapshot): a total is kept only when it was counted
 * at the version this process knows as current — a replica that lags, or a write in between, gives
 * a total that is returned but not kept. Another process's write shows within VERSION_MAX_AGE_MS,
 * as it does for the page cache.
 */
export async function rememberedCount(where: SQL | undefined): Promise<number> {
  const version = await currentContentVersion();
  if (state.version !== version) state.totals = new Map();
  state.version = version;
  const query = (db: Db) =>
    db
      .select({ total: sql<number>`COUNT(*)`, version: sql<number>`(SELECT ${contentVersion.version} FROM ${contentVersion} WHERE ${contentVersion.id} = 1)` })
      .from(imoveis)
      .where(where);
  const { sql: text, params } = query(getDb()).toSQL(); // the key: the statement itself
  const key = JSON.stringify([text, params]);
  const known = state.totals.get(key);
  if (known) return known;
  if (state.totals.size >= MAX_REMEMBERED) state.totals.clear();
  const totals = state.totals;
  const counting = withReadDb(async (db) => (await query(db))[0]).then(
    (row) => {
      if (Number(row.version) !== version && totals.get(key) === counting) totals.delete(key);
      return Number(row.total);
    },
    (e: unknown) => {
      if (totals.get(key) === counting) totals.delete(key);
      throw e;
    },
  );
  totals.set(key, counting);
  return counting;
}
