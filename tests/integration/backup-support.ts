// Helpers of the backup tests: scratch databases and stores, each table's checksum as the dump
// computes it, and every stored file's hash.
import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createDatabaseIfMissing, dropDatabase } from "~/db/setup.server";
import { rawConnection, tableChecksum } from "~/models/backup/dump.server";
import { backedUpTables } from "~/models/backup/tables.server";
import { readWhole, type PhotoStore } from "~/services/storage/contract.server";
import { localStore } from "~/services/storage/local.server";
import { s3Store } from "~/services/storage/s3.server";
import { startS3, type S3Server } from "../support/s3";

// The tests' own database (vitest.config.ts sets DATABASE_URL to it).
const TEST_DATABASE_URL = process.env.DATABASE_URL!;

const databases: string[] = [];
/** A database next to the tests' own, dropped first: `<test db>_<suffix>`. */
export async function scratchDatabase(suffix: string) {
  const url = `${TEST_DATABASE_URL}_${suffix}`;
  await dropDatabase(url);
  await createDatabaseIfMissing(url);
  databases.push(url);
  return url;
}

const made: string[] = [];
/** A scratch folder, removed by removeTmpDirs() (each test file's afterAll), as the databases are. */
export async function tmpDir(label: string) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `imob-backup-test-${label}-`));
  made.push(dir);
  return dir;
}
/** Removes the scratch folders and databases this file made. */
export async function removeTmpDirs() {
  await Promise.all(made.splice(0).map((d) => fs.rm(d, { recursive: true, force: true })));
  for (const url of databases.splice(0)) await dropDatabase(url);
}

/** An empty store of the same kind as the app's: a folder, or a bucket of a second s3rver. */
export async function scratchStore(kind: "local" | "s3"): Promise<{ store: PhotoStore; stop: () => Promise<void> }> {
  if (kind === "local") {
    const dir = await tmpDir("img");
    return { store: localStore(dir), stop: () => fs.rm(dir, { recursive: true, force: true }) };
  }
  const server: S3Server = await startS3("restaurado");
  const e = server.env;
  const store = s3Store({
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    forcePathStyle: true,
    credentials: { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY },
  });
  return { store, stop: async () => (await store.close(), await server.stop()) };
}

/** Every backed-up table of a database → "rows:sha256", computed the way the dump computes it. */
export async function checksums(url: string) {
  const conn = await rawConnection(url);
  try {
    const out: Record<string, string> = {};
    for (const t of await backedUpTables(conn)) {
      const c = await tableChecksum(conn, t);
      out[t.name] = `${c.rows}:${c.sha256}`;
    }
    return out;
  } finally {
    await conn.end();
  }
}

/** Every file of a store (but those under `skip`) → sha256 of its bytes. */
export async function fileHashes(store: PhotoStore, skip = "backups/") {
  const out: Record<string, string> = {};
  for await (const o of store.list()) {
    if (o.name.startsWith(skip)) continue;
    const buf = await readWhole(store, o.name);
    out[o.name] = crypto.createHash("sha256").update(buf ?? Buffer.alloc(0)).digest("hex");
  }
  return out;
}

export async function count(url: string, table: string) {
  const conn = await rawConnection(url);
  try {
    const [rows] = await conn.query(`SELECT COUNT(*) AS n FROM \`${table}\``);
    return Number((rows as { n: number }[])[0].n);
  } finally {
    await conn.end();
  }
}
