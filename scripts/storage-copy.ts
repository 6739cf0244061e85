// npm run storage:copy [-- --delete-local]
// Copies the photos of IMG_DIR (with orig/) into the bucket configured by STORAGE=s3 and S3_*.
// Idempotent: what the bucket already holds with the same size is skipped. Local files are kept
// unless --delete-local is given (and then only those the bucket is seen to hold).
import { getEnv } from "~/env.server";
import { imgDir } from "~/services/image-files.server";
import { copyPhotos } from "~/services/storage/copy.server";
import { localStore } from "~/services/storage/local.server";
import { closePhotoStore, getPhotoStore } from "~/services/storage/store.server";

const args = process.argv.slice(2);
const unknown = args.filter((a) => a !== "--delete-local");
try {
  if (unknown.length) throw new Error(`opção desconhecida: ${unknown.join(" ")} (uso: npm run storage:copy [-- --delete-local])`);
  const env = getEnv();
  if (env.STORAGE !== "s3") throw new Error("configure o destino: STORAGE=s3 e S3_BUCKET (veja o README).");
  console.log(`Copiando ${imgDir()} → bucket ${env.S3_BUCKET}${env.S3_ENDPOINT ? ` em ${env.S3_ENDPOINT}` : ""} …`);
  const r = await copyPhotos(localStore(imgDir()), getPhotoStore(), { deleteLocal: args.includes("--delete-local"), log: console.error });
  console.log(`copiados: ${r.copied}, já no bucket: ${r.present}, ignorados: ${r.ignored}, falhas: ${r.failed}, apagados localmente: ${r.deletedLocal}`);
  if (r.failed) process.exitCode = 1;
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
} finally {
  await closePhotoStore();
}
