// Removes photo files that no row references: left behind by a crash between writing the files and
// the row, by a delete whose file removal failed, or by hand. Through the photo store, so it works
// on disk and in a bucket alike. Only files older than `olderThanMs` go: an upload writes its files
// before its row, and such a file must not be swept in between.
import { isNotNull } from "drizzle-orm";
import { getDb } from "../../db/client.server";
import { banners, imoveis, imovelFotos, mensagemFotos } from "../../db/schema";
import { imageFileNames, originalName, servingOf } from "../../services/image-files.server";
import { getPhotoStore } from "../../services/storage/store.server";
import type { PhotoStore } from "../../services/storage/contract.server";

export const SWEEP_MIN_AGE_MS = 24 * 3600_000;

export type SweepReport = { scanned: number; deleted: number; kept: number; young: number };

/** Every stored name some row needs: each image's files (variants and original included). */
async function referencedNames() {
  const db = getDb();
  const [fotos, capas, banner, captacoes] = await Promise.all([
    db.select({ img: imovelFotos.img }).from(imovelFotos),
    db.select({ img: imoveis.capa }).from(imoveis).where(isNotNull(imoveis.capa)),
    db.select({ img: banners.banner }).from(banners),
    // The photos owners sent with 'Anuncie seu imóvel' (issue 23).
    db.select({ img: mensagemFotos.img }).from(mensagemFotos),
  ]);
  const names = new Set<string>();
  for (const { img } of [...fotos, ...capas, ...banner, ...captacoes]) {
    if (!img) continue;
    // Names of the original app do not follow the key pattern: keep them and their original as they are.
    const files = imageFileNames(img);
    for (const n of files.length ? files : [img, originalName(img)]) names.add(n);
  }
  return names;
}

export async function sweepOrphanFiles(
  opts: { store?: PhotoStore; now?: number; olderThanMs?: number; log?: (s: string) => void } = {},
): Promise<SweepReport> {
  const store = opts.store ?? getPhotoStore();
  const cutoff = (opts.now ?? Date.now()) - (opts.olderThanMs ?? SWEEP_MIN_AGE_MS);
  // The rows are read first: a photo saved after this read has files younger than the cutoff.
  const referenced = await referencedNames();
  const report: SweepReport = { scanned: 0, deleted: 0, kept: 0, young: 0 };
  let batch: string[] = [];
  const flush = async () => {
    if (batch.length) await store.delete(batch);
    report.deleted += batch.length;
    batch = [];
  };
  for await (const { name, modifiedAt } of store.list()) {
    report.scanned++;
    // Anything that is not an image (a README, .gitkeep) is not the sweeper's to judge.
    if (referenced.has(name) || !servingOf(name)) report.kept++;
    else if (modifiedAt.getTime() > cutoff) report.young++;
    else {
      batch.push(name);
      if (batch.length >= 100) await flush();
    }
  }
  await flush();
  opts.log?.(`limpeza de fotos: ${report.scanned} arquivos, ${report.deleted} órfãos apagados, ${report.young} recentes mantidos`);
  return report;
}
