// `npm run backup`: one archive of the database and the photos, to BACKUP_DIR (or BACKUP_S3_PREFIX in
// the bucket with STORAGE=s3), then retention (docs/backup.md). Exit code 1 on failure.
import { getEnv } from "~/env.server";
import { createBackup } from "~/models/backup/create.server";
import { backupTarget } from "~/models/backup/destination.server";
import { closePhotoStore, getPhotoStore } from "~/services/storage/store.server";

try {
  if (process.argv.length > 2) throw new Error(`opção desconhecida: ${process.argv.slice(2).join(" ")} (uso: npm run backup)`);
  const env = getEnv();
  const store = getPhotoStore();
  const { destination, skipPrefix } = backupTarget(env, store);
  console.log(`Backup de ${new URL(env.DATABASE_URL).pathname.slice(1)} e das fotos → ${destination.where} …`);
  const r = await createBackup({ databaseUrl: env.DATABASE_URL, store, destination, skipPrefix, origem: "manual", keep: env.BACKUP_KEEP, log: console.log });
  const rows = r.manifest.tabelas.reduce((n, t) => n + t.rows, 0);
  console.log(`pronto em ${(r.ms / 1000).toFixed(1)} s: ${r.destino} (${(r.bytes / 1e6).toFixed(1)} MB; ${rows} linhas, ${r.manifest.fotos.length} fotos)`);
} catch (e) {
  console.error(`backup falhou: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 1;
} finally {
  await closePhotoStore();
}
