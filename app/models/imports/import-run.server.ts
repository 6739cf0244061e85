// An import from start to end (issue 32). The feed is first copied into a temporary file (a URL or
// an upload, bounded by FEED_MAX_BYTES), then read twice as a stream: once to check it all and count
// its listings (a feed broken at its last line writes nothing), once to import them one by one.
// One import at a time (import-job.server.ts). Decision 0036.
import { createReadStream } from "node:fs";
import { rm } from "node:fs/promises";
import { dirname } from "node:path";
import { DomainError } from "../errors";
import type { Actor } from "../history/history.server";
import { BEAT_MS, beat, claimJob, finishJob } from "./import-job.server";
import { importListing, type ItemResult } from "./import-listing.server";
import type { Fetcher } from "./import-photos.server";
import { mapListing } from "./vrsync-map.server";
import { readVrsync } from "./vrsync-read.server";
import { logFor } from "../../log.server";

const log = logFor("import");

/** The largest feed taken, file or URL (issue 32). */
export const FEED_MAX_BYTES = 200_000_000;
export const FEED_TIMEOUT_MS = 60_000;
/** The whole feed within this (200 MB at 0.5 MB/s fits): past it, the download is given up. */
export const FEED_TOTAL_MS = 10 * 60_000;

export type ImportRequest = {
  /** the URL or the file's name, as shown on the job's page */
  origem: string;
  publicar: boolean;
  actor: Actor;
  fetcher: Fetcher;
  /** puts the feed's bytes into a temporary file and returns its path (throws DomainError with the reason) */
  obtain: () => Promise<string>;
};

export type ImportSummary = { id: number; erro: string | null; lidos: number; total: number; counts: Record<string, number> };

/**
 * Claims the import slot (a conflict DomainError when another import runs) and starts the job;
 * `done` settles when it ends, never rejecting (a failure is the job's 'falhou' and its reason).
 */
export async function startImport(req: ImportRequest) {
  const id = await claimJob(req.origem, req.publicar, req.actor.email);
  return { id, done: run(id, req) };
}

async function run(id: number, req: ImportRequest): Promise<ImportSummary> {
  const progress = { lidos: 0, total: 0 };
  const counts: Record<string, number> = {};
  const timer = setInterval(() => void beat(id, progress).catch(() => undefined), BEAT_MS);
  let path: string | null = null;
  try {
    path = await req.obtain();
    progress.total = await readVrsync(createReadStream(path));
    await beat(id, progress);
    const seen = new Set<string>();
    const ctx = { jobId: id, publicar: req.publicar, actor: req.actor, fetcher: req.fetcher };
    await readVrsync(createReadStream(path), async (el) => {
      const m = mapListing(el);
      let r: ItemResult;
      if (m.kind === "ok" && seen.has(m.codigo)) r = await importListing({ kind: "ignored", codigo: m.codigo, reason: "ListingID repetido no feed (só o primeiro foi importado)" }, ctx);
      else {
        if (m.codigo) seen.add(m.codigo);
        r = await importListing(m, ctx);
      }
      counts[r.resultado] = (counts[r.resultado] ?? 0) + 1;
      progress.lidos++;
    });
    await finishJob(id, progress);
    return { id, erro: null, ...progress, counts };
  } catch (e) {
    const erro = e instanceof DomainError ? e.message : `erro inesperado: ${(e as Error).message}`;
    if (!(e instanceof DomainError)) log.error({ err: e }, `Importação ${id} falhou`);
    await finishJob(id, { erro, ...progress }).catch((err) => log.error({ err }, "Falha ao registrar o fim da importação"));
    return { id, erro, ...progress, counts };
  } finally {
    clearInterval(timer);
    if (path) await rm(dirname(path), { recursive: true, force: true });
  }
}
