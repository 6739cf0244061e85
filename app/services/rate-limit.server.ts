import { eq, sql } from "drizzle-orm";
import { getDb } from "../db/client.server";
import { rateLimits } from "../db/schema";

export type RateLimitResult = { allowed: boolean; count: number; retryAt: Date };

/**
 * Counts one hit for `key` in a fixed window kept in the database (so several app instances share
 * it). `allowed` is false once more than `limit` hits fall in the window.
 */
export async function hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
  // InnoDB may pick this upsert as a deadlock victim under bursts; trying again is the remedy.
  for (let attempt = 1; ; attempt++) {
    try {
      return await hitOnce(key, limit, windowMs);
    } catch (e) {
      if (attempt >= 3 || (e as { errno?: number }).errno !== 1213) throw e;
    }
  }
}

async function hitOnce(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
  const db = getDb();
  const k = key.slice(0, 191);
  const now = new Date();
  const resetAt = new Date(now.getTime() + windowMs);
  // Upsert and read back in one transaction: a concurrent clear() cannot remove the row in between.
  const row = await db.transaction(async (tx) => {
    await tx
      .insert(rateLimits)
      .values({ key: k, count: 1, reset_at: resetAt })
      .onDuplicateKeyUpdate({
        set: {
          count: sql`IF(${rateLimits.reset_at} <= ${now}, 1, ${rateLimits.count} + 1)`,
          reset_at: sql`IF(${rateLimits.reset_at} <= ${now}, ${resetAt}, ${rateLimits.reset_at})`,
        },
      });
    const [r] = await tx.select().from(rateLimits).where(eq(rateLimits.key, k)).limit(1);
    return r;
  });
  return { allowed: row.count <= limit, count: row.count, retryAt: row.reset_at };
}

export async function clear(key: string) {
  await getDb().delete(rateLimits).where(eq(rateLimits.key, key.slice(0, 191)));
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
