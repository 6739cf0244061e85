// The content version and the lists' totals: one row each, written with every content change;
// re-exported by schema.ts, the one schema drizzle-kit reads.
import { int, mediumtext, mysqlTable, timestamp, tinyint } from "drizzle-orm/mysql-core";

/**
 * One row (id 1): a number bumped in the same transaction as every write that changes what a public
 * page shows. Each server process compares it with the number its page cache was filled under, so a
 * write on one process empties the cache of every other within a second (docs/decisions, page cache).
 */
export const contentVersion = mysqlTable("content_version", {
  id: tinyint("id", { unsigned: true }).primaryKey(),
  version: int("version", { unsigned: true }).notNull().default(0),
  changed_at: timestamp("changed_at", { fsp: 3 }).notNull().defaultNow(),
});

/**
 * The public lists' totals as of `version`, counted by the content write that made that version
 * (app/models/listings/list-totals.server.ts, docs/decisions/0016-list-totals-paid-by-the-write.md). One row.
 */
export const listTotals = mysqlTable("list_totals", {
  id: tinyint("id", { unsigned: true }).primaryKey(),
  version: int("version", { unsigned: true }).notNull(),
  totals: mediumtext("totals").notNull(),
});
