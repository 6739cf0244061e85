// Where archives live: files in BACKUP_DIR, or objects under BACKUP_S3_PREFIX in the photo bucket
// (STORAGE=s3), through the photo store's own client. An archive is one .tar.gz either way.
import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { PhotoStore } from "../../services/storage/contract.server";
import { DomainError } from "../errors";

export type ArchiveRef = { name: string; at: Date };

export interface Destination {
  /** What the `backups` row and the reports call it: a path, or s3:<prefix>. */
  readonly where: string;
  /** Stores a finished archive file under `name`; returns its full reference (destino). */
  save(file: string, name: string, bytes: number): Promise<string>;
  /** The archives held, with the time their name says they were taken. */
  list(): Promise<ArchiveRef[]>;
  remove(names: string[]): Promise<void>;
}

const NAME = /^backup-(\d{4})-(\d{2})-(\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.tar\.gz$/;

/** backup-2026-11-26T08-37-51-123Z.tar.gz: sorts by time, readable, safe in a path and a key. */
export const archiveName = (at: Date) => `backup-${at.toISOString().replace(/[:.]/g, "-")}.tar.gz`;

export function archiveTime(name: string): Date | null {
  const m = NAME.exec(name);
  return m ? new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6], +m[7])) : null;
}

const refs = (names: string[]) =>
  names.flatMap((name) => {
    const at = archiveTime(name);
    return at ? [{ name, at }] : [];
  });

export function localDestination(dir: string): Destination {
  const root = path.resolve(dir);
  return {
    where: root,
    async save(file, name) {
      await fs.mkdir(root, { recursive: true });
      const target = path.join(root, name);
      // Copied beside and renamed: a half-written archive never carries an archive's name.
      const tmp = `${target}.${process.pid}.tmp`;
      await pipeline(createReadStream(file), createWriteStream(tmp));
      await fs.rename(tmp, target);
      return target;
    },
    list: async () => refs(await fs.readdir(root).catch(() => [])),
    remove: async (names) => {
      await Promise.all(names.map((n) => fs.rm(path.join(root, n), { force: true })));
    },
  };
}

export function s3Destination(store: PhotoStore, prefix: string): Destination {
  return {
    where: `s3:${prefix}`,
    async save(file, name, bytes) {
      await store.put(prefix + name, createReadStream(file), { size: bytes, contentType: "application/gzip" });
      return `s3:${prefix}${name}`;
    },
    async list() {
      const names: string[] = [];
      for await (const o of store.list()) if (o.name.startsWith(prefix)) names.push(o.name.slice(prefix.length));
      return refs(names);
    },
    remove: (names) => store.delete(names.map((n) => prefix + n)),
  };
}

/**
 * Brings an archive named on the command line to a local file: a path as it is, `s3:<key>` from the
 * photo bucket into `tmpFile`. Returns the local file.
 */
export async function fetchArchive(ref: string, store: PhotoStore, tmpFile: string): Promise<string> {
  if (!ref.startsWith("s3:")) {
    const stat = await fs.stat(ref).catch(() => null);
    if (!stat?.isFile()) throw new DomainError("not_found", `arquivo não encontrado: ${ref}`);
    return ref;
  }
  if (store.kind !== "s3") throw new DomainError("invalid", `${ref} está num bucket, mas STORAGE não é s3`);
  const obj = await store.get(ref.slice(3));
  if (!obj) throw new DomainError("not_found", `objeto não encontrado no bucket: ${ref.slice(3)}`);
  await pipeline(obj.body, createWriteStream(tmpFile));
  return tmpFile;
}

/**
 * The configured destination (BACKUP_DIR, or BACKUP_S3_PREFIX in the bucket with STORAGE=s3), and
 * the store names that are archives, not photos (a backup must not copy the older archives in).
 */
export function backupTarget(env: { STORAGE: string; BACKUP_DIR: string; BACKUP_S3_PREFIX: string }, store: PhotoStore) {
  const skipPrefix = store.kind === "s3" ? env.BACKUP_S3_PREFIX : undefined;
  const destination = env.STORAGE === "s3" ? s3Destination(store, env.BACKUP_S3_PREFIX) : localDestination(env.BACKUP_DIR);
  return { destination, skipPrefix };
}
