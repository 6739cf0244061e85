// Public reads remembered per content version (issue 11). The page cache (server/page-cache.ts)
// never serves an admin, nor the first visitor of a new address; their renders still read the
// same few lists, banner and listings, which only change when the content version does. So each
// public read is kept here under the version read *before* it ran: the data is then at least as
// new as its key, and a write (which bumps the version) makes the next read go to the database.
import { LRUCache } from "lru-cache";
import { getDb } from "../../db/client.server";
import { processSlot } from "../../process-state.server";
import { getReadDb } from "../../db/read-db.server";
import { currentContentVersion } from "./content-version.server";

type Entry = { version: number; value: Promise<unknown>; bytes: number };

const cache = processSlot("publicReads", () => new LRUCache<string, Entry>({
  // Bounded by the size of what is kept (a page of cards is a few KB), not only by count.
  maxSize: 16 * 1024 * 1024,
  sizeCalculation: (e) => e.bytes,
  max: 5000,
}));

/**
 * `read()`'s result, shared by every caller until the content version changes. Only reads that go
 * to the primary are kept: a lagging replica could hold data older than the primary's version.
 * Concurrent misses share one query; a failed read is not kept. Callers must not mutate the result.
 */
export async function publicRead<T>(name: string, args: unknown[], read: () => Promise<T>): Promise<T> {
  if (getReadDb() !== getDb()) return read();
  const version = await currentContentVersion();
  const key = `${name}:${JSON.stringify(args)}`;
  const hit = cache.get(key);
  if (hit && hit.version === version) return hit.value as Promise<T>;
  const value = read();
  // Filed at once (1 byte until it resolves), so concurrent misses share the query.
  cache.set(key, { version, value, bytes: key.length + 1 });
  try {
    const result = await value;
    if (cache.get(key)?.value === value) cache.set(key, { version, value, bytes: key.length + JSON.stringify(result ?? null).length });
    return result;
  } catch (e) {
    if (cache.get(key)?.value === value) cache.delete(key);
    throw e;
  }
}

/** Forgets every kept read (tests that change rows behind the models' back). */
export function clearPublicReads() {
  cache.clear();
}
