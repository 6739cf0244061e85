// Fixed-window counters kept in the database (table `rate_limiter`, created by a migration), so
// every app process shares them. rate-limiter-flexible's RateLimiterMySQL does the upsert; this
// module keeps the small API the app used before (hit/clear) so callers need not know the library.
import type { Pool as CallbackPool } from "mysql2";
import { RateLimiterMySQL, RateLimiterRes } from "rate-limiter-flexible";
import { getPool } from "../db/client.server";

export type RateLimitResult = { allowed: boolean; count: number; retryAt: Date };

const TABLE = "rate_limiter";
// One limiter per (limit, window): the library fixes points and duration per instance. They are
// rebuilt when the pool changes (tests close and reopen it).
let limiters = new Map<string, RateLimiterMySQL>();
let limitersPool: unknown;

function limiterFor(limit: number, windowMs: number) {
  const pool = getPool();
  if (pool !== limitersPool) {
    limiters = new Map();
    limitersPool = pool;
  }
  const id = `${limit}/${windowMs}`;
  let l = limiters.get(id);
  if (!l) {
    const callbackPool = (pool as unknown as { pool: CallbackPool }).pool;
    l = new RateLimiterMySQL({
      storeClient: callbackPool,
      storeType: "pool",
      // The library names the database in every query; the pool's own, from DATABASE_URL.
      dbName: (callbackPool.config as unknown as { connectionConfig: { database: string } }).connectionConfig.database,
      tableName: TABLE,
      tableCreated: true,
      // The keys carry their own prefixes ("login:…", "mensagem:…"); none is added here.
      keyPrefix: "",
      points: limit,
      // The library counts in whole milliseconds via `duration` in seconds.
      duration: windowMs / 1000,
    });
    limiters.set(id, l);
  }
  return l;
}

// The key column is utf8mb4_unicode_ci: spellings the collation treats as equal (case, accents,
// ignorable characters) share one counter. 191 characters, as the column before it.
const keyOf = (key: string) => key.slice(0, 191);

/**
 * Counts one hit for `key` in a fixed window of `windowMs`. `allowed` is false once more than
 * `limit` hits fall in the window; `retryAt` is when the window ends.
 */
export async function hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
  const limiter = limiterFor(limit, windowMs);
  // InnoDB may pick the upsert as a deadlock victim under bursts; trying again is the remedy.
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await limiter.consume(keyOf(key));
      return resultOf(res, true);
    } catch (e) {
      if (e instanceof RateLimiterRes) return resultOf(e, false);
      if (attempt >= 3 || (e as { errno?: number }).errno !== 1213) throw e;
    }
  }
}

function resultOf(res: RateLimiterRes, allowed: boolean): RateLimitResult {
  return { allowed, count: res.consumedPoints, retryAt: new Date(Date.now() + res.msBeforeNext) };
}

/** Whether `key` is over `limit` now, without counting a hit; null when it is not. */
export async function blockedUntil(key: string, limit: number, windowMs: number): Promise<Date | null> {
  const res = await limiterFor(limit, windowMs).get(keyOf(key));
  return res && res.consumedPoints > limit ? new Date(Date.now() + res.msBeforeNext) : null;
}

/** Gives back one hit of `key` (an attempt that turned out legitimate). */
export async function refund(key: string, limit: number, windowMs: number) {
  await limiterFor(limit, windowMs).reward(keyOf(key), 1);
}

/** Forgets the hits of `key` (whatever its limit). */
export async function clear(key: string) {
  await getPool().query(`DELETE FROM \`${TABLE}\` WHERE \`key\` = ?`, [keyOf(key)]);
}

/** "3 minutos": how long until `at`, for the messages of a refusal. */
export function formatRetry(at: Date) {
  const minutes = Math.max(1, Math.ceil((at.getTime() - Date.now()) / 60_000));
  return minutes === 1 ? "1 minuto" : `${minutes} minutos`;
}

/** Whole seconds until `at` (at least 1), for Retry-After. */
export function secondsUntil(at: Date) {
  return Math.max(1, Math.ceil((at.getTime() - Date.now()) / 1000));
}
