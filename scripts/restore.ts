// `npm run restore -- <arquivo.tar.gz | s3:<chave>> [--force]`: an archive into the EMPTY database of
// DATABASE_URL and the photo store (docs/backup.md). Refuses a non-empty target unless --force,
// saying what is there. Exit code 1 on refusal or failure, with the reason.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { getEnv } from "~/env.server";
import { fetchArchive } from "~/models/backup/destination.server";
import { restoreArchive } from "~/models/backup/restore.server";
import { closePhotoStore, getPhotoStore } from "~/services/storage/store.server";

const USAGE = "uso: npm run restore -- <arquivo.tar.gz | s3:<chave no bucket>> [--force]";
const args = process.argv.slice(2);
const force = args.includes("--force");
const rest = args.filter((a) => a !== "--force");
const tmp = await fs.mkdtemp(path.join(os.tmpdir(), "imob-restore-get-"));
try {
  if (rest.length !== 1 || rest[0].startsWith("-")) throw new Error(USAGE);
  const env = getEnv();
  const store = getPhotoStore();
  const archive = await fetchArchive(rest[0], store, path.join(tmp, "arquivo.tar.gz"));
  console.log(`Restaurando ${rest[0]} → banco ${new URL(env.DATABASE_URL).pathname.slice(1)} e fotos (${env.STORAGE}) …`);
  const r = await restoreArchive({ archive, databaseUrl: env.DATABASE_URL, store, force, skipPrefix: store.kind === "s3" ? env.BACKUP_S3_PREFIX : undefined, log: console.log });
  for (const [t, n] of Object.entries(r.counts)) console.log(`  ${t.padEnd(24)} ${n}`);
  console.log(`pronto: ${Object.values(r.counts).reduce((a, b) => a + b, 0)} linhas, ${r.photos} fotos, backup de ${r.manifest.criado_em}`);
} catch (e) {
  console.error(`restauração recusada ou falhou: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 1;
} finally {
  await fs.rm(tmp, { recursive: true, force: true });
  await closePhotoStore();
}
