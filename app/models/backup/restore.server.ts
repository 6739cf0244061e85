// `npm run restore`: an archive into an EMPTY database and photo store (or, with force, over what is
// there, after saying what). The archive is checked whole against its manifest before anything is
// written; the database is rebuilt at the archive's migration level, loaded, checked table by table,
// then migrated to the code's level.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import * as tar from "tar";
import { createDatabaseIfMissing, runMigrations, splitDatabaseUrl } from "../../db/setup.server";
import { servingOf } from "../../services/image-files.server";
import type { PhotoStore } from "../../services/storage/contract.server";
import { DomainError } from "../errors";
import { rawConnection } from "./dump.server";
import { loadTables } from "./load.server";
import { readManifest, verifyArchiveFiles, type Manifest } from "./manifest.server";
import { checkLevel, migrateTo } from "./migrations.server";
import { listTables, quoteName as q, rowsHeld } from "./tables.server";

export type RestoreOptions = { archive: string; databaseUrl: string; store: PhotoStore; force?: boolean; skipPrefix?: string; log?: (line: string) => void };
export type RestoreReport = { manifest: Manifest; counts: Record<string, number>; photos: number; migratedAfter: number; overwrote: string | null };

async function storeNames(store: PhotoStore, skipPrefix?: string) {
  const names: string[] = [];
  for await (const o of store.list()) if (!(skipPrefix && o.name.startsWith(skipPrefix))) names.push(o.name);
  return names;
}

/** What the target holds, in words; null when it is empty. */
async function whatIsThere(url: string, store: PhotoStore, skipPrefix?: string): Promise<string | null> {
  const conn = await rawConnection(url);
  const held = await rowsHeld(conn).finally(() => conn.end());
  const files = (await storeNames(store, skipPrefix)).length;
  const parts = Object.entries(held).map(([t, n]) => `${t} (${n} linha${n === 1 ? "" : "s"})`);
  if (files) parts.push(`${files} arquivo(s) no armazenamento de fotos`);
  return parts.length ? parts.join(", ") : null;
}

async function putPhotos(store: PhotoStore, dir: string, manifest: Manifest) {
  let next = 0;
  const worker = async () => {
    while (next < manifest.fotos.length) {
      const f = manifest.fotos[next++];
      const body = await fs.readFile(path.join(dir, "img", f.name));
      const serving = servingOf(f.name) ?? { contentType: "application/octet-stream", cacheControl: undefined };
      await store.put(f.name, body, { size: body.length, ...serving });
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
}

/** The content version a database holds now (0 when it has none yet). */
async function contentVersionOf(conn: Awaited<ReturnType<typeof rawConnection>>) {
  const [rows] = await conn.query("SELECT version FROM content_version WHERE id = 1").catch(() => [[]]);
  return Number((rows as { version: number }[])[0]?.version ?? 0);
}

export async function restoreArchive(opts: RestoreOptions): Promise<RestoreReport> {
  const log = opts.log ?? (() => {});
  const { database } = splitDatabaseUrl(opts.databaseUrl);
  await createDatabaseIfMissing(opts.databaseUrl);
  const overwrote = await whatIsThere(opts.databaseUrl, opts.store, opts.skipPrefix);
  if (overwrote && !opts.force) {
    throw new DomainError("conflict", `o destino não está vazio: ${overwrote}. Nada foi alterado. Para apagar o banco "${database}" e sobrescrever as fotos de mesmo nome, repita com --force`);
  }
  if (overwrote) log(`--force: o banco "${database}" será apagado e as fotos de mesmo nome sobrescritas (havia: ${overwrote})`);
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), "imob-restore-"));
  try {
    // Files and folders only: a link in a crafted archive would make a later read follow it out of
    // the scratch folder (node-tar already refuses absolute paths and `..`).
    await tar.x({ file: opts.archive, cwd: scratch, filter: (_path, entry) => "type" in entry && (entry.type === "File" || entry.type === "Directory") }).catch((e: Error) => {
      throw new DomainError("invalid", `não foi possível abrir o arquivo como .tar.gz (${e.message})`);
    });
    const manifest = await readManifest(scratch);
    await checkLevel(manifest.migracoes);
    const checked = await verifyArchiveFiles(scratch, manifest);
    log(`arquivo de ${manifest.criado_em} conferido: ${checked} checksums (migração ${manifest.migracoes.applied}, ${manifest.migracoes.last ?? "nenhuma"})`);
    const conn = await rawConnection(opts.databaseUrl);
    try {
      const before = await contentVersionOf(conn);
      // Empty or forced: the tables go, so the schema is rebuilt at the archive's level.
      await conn.query("SET FOREIGN_KEY_CHECKS = 0");
      for (const t of await listTables(conn)) await conn.query(`DROP TABLE ${q(t)}`);
      await conn.query("SET FOREIGN_KEY_CHECKS = 1");
      await migrateTo(opts.databaseUrl, manifest.migracoes.applied);
      const counts = await loadTables(conn, scratch, manifest);
      log(`banco: ${Object.values(counts).reduce((a, b) => a + b, 0)} linhas em ${manifest.tabelas.length} tabelas, conferidas com o manifest`);
      await putPhotos(opts.store, scratch, manifest);
      log(`fotos: ${manifest.fotos.length} arquivos`);
      const migratedAfter = await runMigrations(opts.databaseUrl);
      if (migratedAfter) log(`${migratedAfter} migração(ões) aplicada(s) depois da restauração`);
      // Every cache of a public page is filed under the content version, and the archive's may be the
      // very number the servers of this database hold pages under (a restore over a served database):
      // past both, every process learns of the new content within a second, as after any write.
      await conn.query("UPDATE content_version SET version = GREATEST(version, ?) + 1, changed_at = NOW(3) WHERE id = 1", [before]);
      return { manifest, counts, photos: manifest.fotos.length, migratedAfter, overwrote };
    } finally {
      await conn.end();
    }
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
}
