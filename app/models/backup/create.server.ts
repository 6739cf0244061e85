// `npm run backup` and the daily job: one archive (.tar.gz) holding the database, read in one
// snapshot, every photo file and a manifest with a checksum of each. Built in a scratch folder, then
// handed whole to its destination (a half-made archive is never seen there), then retention runs.
import crypto from "node:crypto";
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import * as tar from "tar";
import type { PhotoStore } from "../../services/storage/contract.server";
import type { Destination } from "./destination.server";
import { archiveName } from "./destination.server";
import { dumpDatabase, rawConnection } from "./dump.server";
import { appVersion, MANIFEST_FORMAT, type Manifest, type ManifestFile } from "./manifest.server";
import { archivesToDelete } from "./retention.server";
import { endRun, startRun, type RunOrigin } from "./runs.server";

export type BackupOptions = {
  databaseUrl: string;
  store: PhotoStore;
  destination: Destination;
  origem: RunOrigin;
  keep: number;
  /** Store names that are not photos: the archives themselves when they share the bucket. */
  skipPrefix?: string;
  afterTable?: (table: string) => Promise<void>;
  log?: (line: string) => void;
};
export type BackupReport = { destino: string; bytes: number; manifest: Manifest; deleted: string[]; ms: number };

/** Copies every stored photo into `dir`, hashing each on the way; a file gone meanwhile is noted. */
async function copyPhotos(store: PhotoStore, dir: string, skipPrefix: string | undefined) {
  const names: string[] = [];
  for await (const o of store.list()) if (!(skipPrefix && o.name.startsWith(skipPrefix))) names.push(o.name);
  names.sort();
  const files: ManifestFile[] = [];
  const gone: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < names.length) {
      const name = names[next++];
      const obj = await store.get(name);
      if (!obj) {
        gone.push(name);
        continue;
      }
      const file = path.join(dir, name);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const hash = crypto.createHash("sha256");
      let bytes = 0;
      const tap = new Transform({
        transform(chunk: Buffer, _e, done) {
          hash.update(chunk);
          bytes += chunk.length;
          done(null, chunk);
        },
      });
      await pipeline(obj.body, tap, createWriteStream(file));
      files.push({ name, bytes, sha256: hash.digest("hex") });
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  files.sort((a, b) => (a.name < b.name ? -1 : 1));
  return { files, gone: gone.sort() };
}

export async function createBackup(opts: BackupOptions): Promise<BackupReport> {
  const t0 = Date.now();
  const log = opts.log ?? (() => {});
  const conn = await rawConnection(opts.databaseUrl);
  const runId = await startRun(conn, opts.origem);
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), "imob-backup-"));
  try {
    const root = path.join(scratch, "arquivo");
    await fs.mkdir(path.join(root, "db"), { recursive: true });
    await fs.mkdir(path.join(root, "img"));
    const startedAt = new Date();
    const { level, tables } = await dumpDatabase(opts.databaseUrl, (t) => path.join(root, "db", `${t}.ndjson`), { afterTable: opts.afterTable });
    log(`banco: ${tables.length} tabelas, ${tables.reduce((n, t) => n + t.rows, 0)} linhas (migração ${level.applied})`);
    // After the snapshot: a photo saved before it (files are written before their row) is listed.
    const photos = await copyPhotos(opts.store, path.join(root, "img"), opts.skipPrefix);
    log(`fotos: ${photos.files.length} arquivos${photos.gone.length ? `, ${photos.gone.length} apagados durante o backup` : ""}`);
    const manifest: Manifest = {
      formato: MANIFEST_FORMAT,
      criado_em: startedAt.toISOString(),
      app: await appVersion(),
      migracoes: level,
      tabelas: tables,
      fotos: photos.files,
      fotos_sumidas: photos.gone,
    };
    await fs.writeFile(path.join(root, "manifest.json"), JSON.stringify(manifest, null, 1));
    const name = archiveName(startedAt);
    const packed = path.join(scratch, name);
    // manifest.json first: a reader of the stream meets it before the data it describes.
    await tar.c({ gzip: true, file: packed, cwd: root, portable: true }, ["manifest.json", "db", "img"]);
    const { size: bytes } = await fs.stat(packed);
    const destino = await opts.destination.save(packed, name, bytes);
    await endRun(conn, runId, { ok: true, destino, bytes });
    log(`backup gravado: ${destino} (${bytes} bytes)`);
    const doomed = archivesToDelete(await opts.destination.list(), opts.keep, new Date());
    await opts.destination.remove(doomed.map((a) => a.name));
    if (doomed.length) log(`retenção: ${doomed.length} arquivo(s) antigo(s) apagado(s)`);
    return { destino, bytes, manifest, deleted: doomed.map((a) => a.name), ms: Date.now() - t0 };
  } catch (e) {
    await endRun(conn, runId, { ok: false, erro: e instanceof Error ? e.message : String(e) }).catch(() => {});
    throw e;
  } finally {
    await conn.end();
    await fs.rm(scratch, { recursive: true, force: true });
  }
}
