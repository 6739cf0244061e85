// The total of a public list (issue 11). Most are sums over the groups the last content write
// counted (list-totals.server.ts, decision 0016): the write pays, no reader does. The others (a
// bairro or price filter, or a version made by a write around the models) are counted here and
// remembered per filter until the next content write.
// Why remember: a list with no narrow index range to count (a price filter over a whole status)
// walks one index entry per listing. Every write that changes a public page bumps the content
// version in its own transaction (content-version.server.ts), so a total counted at version v is
// exact for as long as the version is v. The first page after a write pays such a count ("cold"
// in scripts/bench-lists.ts), the next ones do not ("warm").
// Why no table kept by triggers: creating a trigger needs SUPER where the binary log is on (MySQL 8
// by default, docker-compose's application user has no SUPER); and counts incremented by the
// models would drift with every write made around them, where recounted ones cannot.
import { sql, type SQL } from "drizzle-orm";
import { getDb, type Db } from "../../db/client.server";
import { withReadDb } from "../../db/read-db.server";
import { processSlot } from "../../process-state.server";
import { contentVersion, imoveis } from "../../db/schema";
import type { PublicCriteria } from "../../utils/search";
import { currentContentVersion } from "./content-version.server";
import { readListTotals, totalFromGroups, type ListTotals } from "./list-totals.server";

/** Distinct filters remembered per version; past this the memory starts again (a crawler's variety). */
export const MAX_REMEMBERED = 500;

type Remembered = { version: number; totals: Map<string, Promise<number>>; grouped: Promise<ListTotals | null> | null };
const state = processSlot("listCounts", (): Remembered => ({ version: -1, totals: new Map(), grouped: null }));

/**
 * The groups counted for `version`, read once per version (null: that version's write did not
 * count them). Read with the database's version in one statement: groups of another version (a
 * lagging replica, a write in between) are used by this caller but not kept.
 */
function groupsOf(version: number): Promise<ListTotals | null> {
  if (state.grouped) return state.grouped;
  const reading = withReadDb(readListTotals).then(
    (r) => {
      if (r.version !== version && state.grouped === reading) state.grouped = null;
      return r.totals;
    },
    (e: unknown) => {
      if (state.grouped === reading) state.grouped = null;
      throw e;
    },
  );
  state.grouped = reading;
  return reading;
}

/**
 * The number of active listings matching `where`, the public filter built from `criteria`: a sum over
 * the groups when its filters are among them, else COUNT(*) from the read database.
 * The version is read in the same statement (one snapshot): a total is kept only when it was counted
 * at the version this process knows as current — a replica that lags, or a write in between, gives
 * a total that is returned but not kept. Another process's write shows within VERSION_MAX_AGE_MS,
 * as it does for the page cache.
 */
export async function rememberedCount(where: SQL | undefined, criteria: PublicCriteria): Promise<number> {
  const version = await currentContentVersion();
  if (state.version !== version) [state.totals, state.grouped] = [new Map(), null];
  state.version = version;
  const groups = await groupsOf(version);
  const summed = groups && totalFromGroups(groups, criteria);
  if (summed != null) return summed;
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
