import { drizzle, type MySql2Database } from "drizzle-orm/mysql2";
import mysql from "mysql2/promise";
import { getEnv } from "../env.server";
import { processSlot } from "../process-state.server";
import { contentGuard } from "./content-guard.server";
import * as schema from "./schema";

export type Db = MySql2Database<typeof schema>;
/** A transaction of the app's database: what a model takes to join its caller's transaction. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

type Holder = { pool?: mysql.Pool; db?: Db; replicaPool?: mysql.Pool; replicaDb?: Db | null };
// One pool per process, across dev reloads (app/process-state.server.ts).
const holder: Holder = processSlot("db", (): Holder => ({}));

export function createPool(url: string, opts: { connectTimeout?: number } = {}) {
  const pool = mysql.createPool({
    uri: url,
    connectionLimit: 10,
    connectTimeout: opts.connectTimeout ?? 10_000,
    // mysql2 captures a stack at every query so that a failed one can name its caller: 1.8 % of an
    // admin page's busy CPU (docs/performance.md). A failed query through drizzle names it anyway:
    // drizzle throws its own error, with the SQL, inside the awaiting functions (async stack traces).
    // The few promise calls on the bare pool (the health check, a rate limit cleared) lose that frame.
    trace: false,
    charset: "utf8mb4_unicode_ci",
    timezone: "Z",
    decimalNumbers: false,
    dateStrings: false,
  });
  // Dates travel as UTC ("Z" above); make NOW() and TIMESTAMP columns agree on every connection.
  pool.pool.on("connection", (conn) => {
    conn.query("SET time_zone = '+00:00'");
  });
  return pool;
}

export function getDb(): Db {
  if (!holder.db) {
    holder.pool = createPool(getEnv().DATABASE_URL);
    holder.db = drizzle(holder.pool, { schema, mode: "default", logger: contentGuard });
  }
  return holder.db;
}

/**
 * The read replica (DATABASE_REPLICA_URL), or null without one. Only read-db.server.ts uses it,
 * for anonymous public reads. A short connect timeout: a replica that is down must cost little.
 */
export function getReplicaDb(): Db | null {
  if (holder.replicaDb === undefined) {
    const url = getEnv().DATABASE_REPLICA_URL;
    holder.replicaPool = url ? createPool(url, { connectTimeout: 1000 }) : undefined;
    holder.replicaDb = holder.replicaPool ? drizzle(holder.replicaPool, { schema, mode: "default", logger: contentGuard }) : null;
  }
  return holder.replicaDb;
}

export function getPool(): mysql.Pool {
  getDb();
  return holder.pool!;
}

/** Closes the primary's pool and the replica's (shutdown). */
export async function closeDb() {
  const pools = [holder.pool, holder.replicaPool];
  holder.pool = holder.replicaPool = undefined;
  holder.db = holder.replicaDb = undefined;
  await Promise.all(pools.map((p) => p?.end()));
}

/** Whether the database answers within `timeoutMs` (readiness checks). */
export async function pingDb(timeoutMs = 2000) {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      getPool().query("SELECT 1"),
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error("timeout")), timeoutMs))),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
