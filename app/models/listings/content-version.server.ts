// The content version (table content_version, one row): what every cache of a public page is filed
// under (the page cache in server/page-cache.ts, and the public reads here).
// Every write that changes what a public page shows runs through contentWrite, which bumps the
// number in the write's own transaction, so a page can never be newer than the version it is filed
// under (docs/decisions/0012-page-cache.md); a write that does not is refused
// (app/db/content-guard.server.ts). Who learns of a write, and when: this process at once; the other
// processes of this machine at once too, through the cluster primary (server/cluster.ts), before
// the write returns; other machines within VERSION_MAX_AGE_MS, by reading the number again.
import { eq, sql } from "drizzle-orm";
import { getDb, type Db, type Tx } from "../../db/client.server";
import { asContentWrite } from "../../db/content-guard.server";
import { withReadDb } from "../../db/read-db.server";
import { contentVersion } from "../../db/schema";
import { processSlot } from "../../process-state.server";
import { logFor } from "../../log.server";

const log = logFor("content");


/** How long a process trusts the number it last read: another process's write shows within this. */
export const VERSION_MAX_AGE_MS = 1000;

type Known = { version: number; readAt: number } | null;
/** Tells the other processes of this machine that the content changed; resolves once they know. */
export type ContentRelay = () => Promise<void>;
// `generation` moves on every forget: a reading begun before it (it may hold the number from before
// the write) is returned to its callers but not kept, nor shared with those who come after.
type State = { known: Known; reading: Promise<number> | null; generation: number; relay: ContentRelay | null };
const state = processSlot("content", (): State => ({ known: null, reading: null, generation: 0, relay: null }));

function forget() {
  state.known = null;
  state.reading = null;
  state.generation++;
}

/** Runs `fn` in a transaction that also bumps the content version; this process sees the new version at once. */
export async function contentWrite<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
  let result: T;
  try {
    result = await asContentWrite(() =>
      getDb().transaction(async (tx) => {
        const value = await fn(tx);
        await tx
          .update(contentVersion)
          .set({ version: sql`${contentVersion.version} + 1`, changed_at: sql`NOW(3)` })
          .where(eq(contentVersion.id, 1));
        return value;
      }),
    );
  } finally {
    // Even after a failure: a rollback changes nothing, and re-reading the number is cheap.
    forget();
  }
  await relayContentChange();
  return result;
}

/** The other processes of this machine told, before the write returns; a relay that fails costs them ≤ 1 s. */
async function relayContentChange() {
  try {
    await state.relay?.();
  } catch (e) {
    log.error({ err: e }, "Aviso de conteúdo novo aos outros processos falhou (eles o verão em até 1 s)");
  }
}

/**
 * Set by the server in a cluster worker (server/cluster.ts, through the build's seam): how a write
 * of this process reaches the other processes of the machine.
 */
export function relayContentChanges(relay: ContentRelay | null) {
  state.relay = relay;
}

/** Another process of this machine wrote: the next read of the version goes to the database. */
export function forgetContentVersion() {
  forget();
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
  if (state.reading) return state.reading;
  const generation = state.generation;
  const reading = readVersion(getDb())
    .then((version) => {
      if (state.generation === generation) state.known = { version, readAt: Date.now() };
      return version;
    })
    .finally(() => {
      if (state.reading === reading) state.reading = null;
    });
  state.reading = reading;
  return reading;
}

/**
 * The version of the database a public render is about to read (the replica for anonymous visitors).
 * Read before rendering: the page then holds at least that version's data, and a replica that lags
 * gives an older number, so the page is not kept (server/page-cache.ts).
 */
export function renderContentVersion(): Promise<number> {
  return withReadDb(readVersion);
}
