// Which database a read goes to (docs/decisions/0005-read-replica.md). Writes and admin reads use
// the primary, always. A model's public read goes through withReadDb, which uses the replica
// (DATABASE_REPLICA_URL) only inside a request marked anonymous by the HTTP side; scripts, tests
// and anything unmarked read the primary. An unreachable replica is skipped for a while.
import { AsyncLocalStorage } from "node:async_hooks";
import { processSlot } from "../process-state.server";
import { getDb, getReplicaDb, type Db } from "./client.server";
import { logFor } from "../log.server";

const log = logFor("db");

type Routing = { replica: boolean };
type Holder = { requests: AsyncLocalStorage<Routing>; downUntil: number };
const holder: Holder = processSlot("readRouting", (): Holder => ({ requests: new AsyncLocalStorage<Routing>(), downUntil: 0 }));

/** How long reads stay on the primary after the replica failed to answer. */
export const REPLICA_RETRY_MS = 30_000;

/** Runs `fn` (a whole request) with public reads allowed on the replica, or not. */
export function runWithReadRouting<T>(replicaAllowed: boolean, fn: () => T): T {
  return holder.requests.run({ replica: replicaAllowed }, fn);
}

/** The database for a public read now: the replica for an anonymous request while it answers. */
export function getReadDb(): Db {
  if (!holder.requests.getStore()?.replica || Date.now() < holder.downUntil) return getDb();
  return getReplicaDb() ?? getDb();
}

// Errors that say "this server cannot serve the read", not "the query is wrong": connection
// failures, and a replica whose schema or grants lag behind the primary's.
const UNREACHABLE = new Set([
  "ECONNREFUSED", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN", "ECONNRESET",
  "PROTOCOL_CONNECTION_LOST", "PROTOCOL_SEQUENCE_TIMEOUT", "ER_CON_COUNT_ERROR", "ER_ACCESS_DENIED_ERROR",
  "ER_DBACCESS_DENIED_ERROR", "ER_BAD_DB_ERROR", "ER_NO_SUCH_TABLE", "ER_BAD_FIELD_ERROR",
]);
function unreachableCode(e: unknown): string | null {
  // drizzle wraps the driver's error: look down the cause chain.
  for (let err = e as { code?: string; fatal?: boolean; cause?: unknown } | undefined, i = 0; err && i < 5; err = err.cause as typeof err, i++) {
    if (err.code && (UNREACHABLE.has(err.code) || err.fatal)) return err.code;
  }
  return null;
}

/**
 * Runs a public read on getReadDb(). If the replica cannot serve it, the read is run again on the
 * primary and the replica is left alone for REPLICA_RETRY_MS, so a replica that is down costs one
 * short connect timeout per window, not one per request.
 */
export async function withReadDb<T>(query: (db: Db) => PromiseLike<T>): Promise<T> {
  const db = getReadDb();
  const primary = getDb();
  if (db === primary) return query(primary);
  try {
    return await query(db);
  } catch (e) {
    const code = unreachableCode(e);
    if (!code) throw e;
    holder.downUntil = Date.now() + REPLICA_RETRY_MS;
    log.error(`Réplica de leitura indisponível (${code}): leituras públicas no primário pelos próximos ${REPLICA_RETRY_MS / 1000} s.`);
    return query(primary);
  }
}

/** Forgets a failed replica (tests, and after the pools were reopened). */
export function resetReplicaState() {
  holder.downUntil = 0;
}
