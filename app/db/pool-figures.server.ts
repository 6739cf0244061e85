// How busy this process's database pool is, for /metrics: connections open, in use, and callers
// waiting for one (a pool too small for the load, or a database too slow, shows here first).
// mysql2 has no public API for it: these are its pool's own queues (mysql2 3.x, lib/base/pool.js),
// read defensively, so a renamed field reads 0 instead of throwing.
import type mysql from "mysql2/promise";
import { getPool } from "./client.server";

type Queues = { _allConnections?: { length: number }; _freeConnections?: { length: number }; _connectionQueue?: { length: number } };

export type PoolFigures = { open: number; inUse: number; waiting: number };

export function poolFigures(pool: mysql.Pool | undefined): PoolFigures {
  const q = (pool?.pool ?? {}) as unknown as Queues;
  const open = q._allConnections?.length ?? 0;
  return { open, inUse: Math.max(0, open - (q._freeConnections?.length ?? 0)), waiting: q._connectionQueue?.length ?? 0 };
}

/** The figures of this process's primary pool (it reads the pool's queues; it sends no statement). */
export function primaryPoolFigures(): PoolFigures {
  return poolFigures(getPool());
}
