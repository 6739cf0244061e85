// `npm run storage:copy`: moves the photos of a local IMG_DIR into the configured store, streaming
// each file (memory stays flat whatever the sizes), skipping what the store already has.
import { servingOf } from "../image-files.server";
import type { PhotoStore } from "./contract.server";

export type CopyReport = { copied: number; present: number; ignored: number; failed: number; deletedLocal: number };

/** Runs `fn` over `items` with at most `limit` at a time. */
async function eachLimited<T>(items: AsyncIterable<T>, limit: number, fn: (item: T) => Promise<void>) {
  const running = new Set<Promise<void>>();
  for await (const item of items) {
    const p: Promise<void> = fn(item).finally(() => running.delete(p));
    running.add(p);
    if (running.size >= limit) await Promise.race(running);
  }
  await Promise.all(running);
}

/**
 * Copies every image file of `from` into `to` under the same name. A file `to` already holds with
 * the same size is skipped (so a second run copies nothing); with `deleteLocal`, a local file goes
 * only once the store is seen to hold it with its size. Other files (temporary, unknown) are left.
 */
export async function copyPhotos(from: PhotoStore, to: PhotoStore, opts: { deleteLocal?: boolean; log?: (s: string) => void } = {}) {
  const log = opts.log ?? (() => {});
  const report: CopyReport = { copied: 0, present: 0, ignored: 0, failed: 0, deletedLocal: 0 };
  await eachLimited(from.list(), 4, async ({ name, size }) => {
    const serving = servingOf(name);
    if (!serving || name.endsWith(".tmp")) {
      report.ignored++;
      return;
    }
    try {
      if ((await to.stat(name))?.size === size) report.present++;
      else {
        const file = await from.get(name);
        if (!file) return; // removed meanwhile
        await to.put(name, file.body, { size: file.size, ...serving });
        if ((await to.stat(name))?.size !== file.size) throw new Error("o tamanho no destino não confere");
        report.copied++;
      }
      if (opts.deleteLocal) {
        await from.delete([name]);
        report.deletedLocal++;
      }
    } catch (e) {
      report.failed++;
      log(`falhou: ${name} (${e instanceof Error ? e.message : String(e)})`);
    }
  });
  return report;
}
