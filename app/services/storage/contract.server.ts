// The one interface photo files go through (docs/decisions/0004-photo-storage.md): local disk or an
// S3-compatible bucket. Names are relative keys such as "<key>.jpg" or "orig/<key>.jpg"; the code
// above never learns which store holds them.
import { Readable } from "node:stream";

export type StoredObject = { body: Readable; size: number };
export type PutOptions = { size: number; contentType: string; cacheControl?: string };

export interface PhotoStore {
  readonly kind: "local" | "s3";
  /** Writes an object whole: a reader sees the old state or the complete new one, never half. */
  put(name: string, body: Buffer | Readable, opts: PutOptions): Promise<void>;
  /** The object as a stream with its size; null when there is none. */
  get(name: string): Promise<StoredObject | null>;
  /** The object's size; null when there is none. */
  stat(name: string): Promise<{ size: number } | null>;
  /** Removes objects; missing ones are fine. */
  delete(names: string[]): Promise<void>;
  /** Copies an object under a new name (the seed's cheap copies). */
  copy(from: string, to: string): Promise<void>;
  /** Every object with its size and last write, in no particular order (the sweeper needs the age). */
  list(): AsyncIterable<{ name: string; size: number; modifiedAt: Date }>;
  /** Releases sockets and the like (shutdown). */
  close(): Promise<void>;
}

/**
 * The store did not answer or refused a write: an infrastructure failure, not the visitor's fault.
 * The HTTP side turns it into a 503 with a Portuguese message (app/http/responses.server.ts).
 */
export class StorageError extends Error {
  constructor(operation: string, name: string, cause: unknown) {
    const why = cause instanceof Error ? cause.message : String(cause);
    super(`armazenamento de fotos: ${operation} ${name} falhou (${why})`, { cause });
    this.name = "StorageError";
  }
}

/** Runs a store operation; any failure becomes a StorageError naming it. */
export async function storeOp<T>(operation: string, name: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    throw e instanceof StorageError ? e : new StorageError(operation, name, e);
  }
}

/** A stored object read whole (crops need the original's pixels); null when there is none. */
export async function readWhole(store: PhotoStore, name: string): Promise<Buffer | null> {
  const obj = await store.get(name);
  if (!obj) return null;
  return storeOp("ler", name, async () => {
    const chunks: Buffer[] = [];
    for await (const c of obj.body) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  });
}
