// The content version (table content_version, one row): what the page cache in front of Remix
// (server/page-cache.mjs) compares its entries with. Every write that changes what a public page
// shows runs through contentWrite, which bumps the number in the write's own transaction, so a
// page can never be newer than the version it is filed under (docs/decisions/0012-page-cache.md).
// The same transaction pays for the lists' totals of the new version (decision 0016).
import { eq, sql } from "drizzle-orm";
import { getDb, type Db } from "../../db/client.server";
import { withReadDb } from "../../db/read-db.server";
import { contentVersion } from "../../db/schema";
import { recountListTotals } from "./list-totals.server";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** How long a process trusts the number it last read: another process's write shows within this. */
export const VERSION_MAX_AGE_MS = 1000;

type Known = { version: number; readAt: number } | null;
// On globalThis, like the pool: the Remix build and the server around it must share it.
const state: { known: Known; reading: Promise<number> | null } = ((globalThis as { __imobVersion?: typeof state }).__imobVersion ??= { known: null, reading: null });

/**
 * Runs `fn` in a transaction that also bumps the content version and recounts the public lists'
 * totals for it (list-totals.server.ts); this process sees the new version at once. READ COMMITTED:
 * the recount, after the bump, must see every write committed before it (see recountListTotals).
 */
export async function contentWrite<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await getDb().transaction(
      async (tx) => {
        const result = await fn(tx);
        await tx
          .update(contentVersion)
          .set({ version: sql`${contentVersion.version} + 1`, changed_at: sql`NOW(3)` })
          .where(eq(contentVersion.id, 1));
        await recountListTotals(tx);
        return result;
      },
      { isolationLevel: "read committed" },
    );
  } finally {
    // Even after a failure: a rollback changes nothing, and re-reading the number is cheap.
    state.known = null;
  }
}

/** For bulk writes made outside the models (the seed): every page cache starts again. */
export function markContentChanged() {
  return contentWrite(async () => undefined);
}

async function readVersion(db: Db) {
  const [row] = await db.select({ version: contentVersion.version }).from(contentVersion).where(eq(contentVersion.id, 1));
  return row?.version ?? 0;
}

/**
 * The current version, read from the primary at most once per VERSION_MAX_AGE_MS (and right after
 * a write of this process). Concurrent callers share one query.
 */
export async function currentContentVersion(): Promise<number> {
  const known = state.known;
  if (known && Date.now() - known.readAt < VERSION_MAX_AGE_MS) return known.version;
  state.reading ??= readVersion(getDb())
    .then((version) => {
      state.known = { version, readAt: Date.now() };
      return version;
    })
    .finally(() => (state.reading = null));
  return state.reading;
}

/**
 * The version of the database a public render is about to read (the replica for anonymous visitors).
 * Read before rendering: the page then holds at least that version's data, and a replica that lags
 * gives an older number, so the page is not kept (server/page-cache.mjs).
 */
export function renderContentVersion(): Promise<number> {
  return withReadDb(readVersion);
}
