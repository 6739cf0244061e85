// The import form's post (/admin/importar, issue 32): the feed's address or an uploaded XML file
// (up to 200 MB), checked by the form's schema, then handed to the import job, which answers at
// once with its id; the feed itself is read by the job (a URL through fetchOutbound, never a
// private address), its photos too.
import { createWriteStream } from "node:fs";
import { mkdtemp, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pipeline } from "node:stream/promises";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { redirectWithSuccess } from "remix-toast";
import { DomainError } from "~/models/errors";
import type { Actor } from "~/models/history/history.server";
import { getJob, latestConcludedId } from "~/models/imports/import-job.server";
import { deactivateLeft, leftTheFeed, reportItems, reportTotals } from "~/models/imports/import-report.server";
import { FEED_MAX_BYTES, FEED_TIMEOUT_MS, FEED_TOTAL_MS, startImport } from "~/models/imports/import-run.server";
import { feedError } from "~/models/imports/vrsync-read.server";
import { importSchema } from "~/utils/import-schema";
import { actorOf, requireAdmin } from "./auth.server";
import { csvResponse, type CsvColumn } from "./csv.server";
import { fetchOutbound } from "./outbound-fetch.server";
import { idParam } from "./params.server";
import { jsonError, notFound, problemOf } from "./responses.server";
import { readLargeFileForm } from "./large-upload.server";
import { UploadError, releaseUploads } from "./uploads.server";
import { logFor } from "~/log.server";

const log = logFor("import");

const FEED_LIMIT = `${FEED_MAX_BYTES / 1_000_000} MB`;
/** Why `npm run import` refuses a file, before copying it (scripts/import.ts). */
export const FEED_TOO_BIG = `o arquivo é maior que ${FEED_LIMIT}`;

/** A private directory for one import's copy of the feed (removed when the job ends). */
const feedDir = () => mkdtemp(join(tmpdir(), "imob-import-"));

/**
 * The feed at `url` into a temporary file: HTTP errors, timeouts, size and refused addresses as the
 * reason. Whole within `totalMs` (a server dripping a byte a minute would hold the one import slot).
 */
export async function downloadFeed(url: string, totalMs = FEED_TOTAL_MS) {
  const path = join(await feedDir(), "feed.xml");
  const total = AbortSignal.timeout(totalMs);
  try {
    const res = await fetchOutbound(url, { timeoutMs: FEED_TIMEOUT_MS, maxBytes: FEED_MAX_BYTES, signal: total });
    if (res.status !== 200) {
      res.body.destroy();
      throw feedError(`o servidor do feed respondeu HTTP ${res.status}`);
    }
    await pipeline(res.body, createWriteStream(path));
  } catch (e) {
    // What was downloaded goes with the failure (the job removes only a file it obtained).
    await rm(dirname(path), { recursive: true, force: true });
    if (e instanceof DomainError) throw e;
    if (total.aborted) throw feedError(`não foi possível ler o feed: ele não chegou inteiro em ${totalMs >= 60_000 ? `${Math.round(totalMs / 60_000)} min` : `${Math.round(totalMs / 1000)} s`}`);
    const why = (e as Error).message;
    throw feedError(`não foi possível ler o feed${/MB$/.test(why) ? ": o arquivo é " : ": "}${why}`);
  }
  return path;
}

/** An import of `source` (a URL, or a file already on disk) started as a job; its id and its end. */
export function importFrom(source: { url: string } | { file: string; name: string }, publicar: boolean, actor: Actor) {
  return startImport({
    origem: "url" in source ? source.url : source.name,
    publicar,
    actor,
    fetcher: fetchOutbound,
    // A file is already bounded: the form's upload as it streams, `npm run import`'s before it is copied.
    obtain: async () => ("url" in source ? downloadFeed(source.url) : source.file),
  });
}

type Answer = { ok: true; id: number } | { ok: false; status: number; reply: SubmissionResult<string[]> };

/** The form's post: a job started (its id), or the form again with the reason next to its field. */
export async function importAction(request: Request): Promise<Answer> {
  const actor = actorOf(request, await requireAdmin(request));
  try {
    let upload;
    try {
      // Streamed to disk: a feed can be 200 MB (readUploadForm holds a part whole in memory).
      upload = await readLargeFileForm(request, { field: "arquivo", maxFileBytes: FEED_MAX_BYTES });
    } catch (e) {
      if (!(e instanceof UploadError)) throw e;
      const message = e.status === 413 ? `O arquivo passa do limite de ${FEED_LIMIT}.` : e.message;
      return { ok: false, status: e.status, reply: parseWithZod(new FormData(), { schema: importSchema }).reply({ fieldErrors: { arquivo: [message] } }) };
    }
    const { form, uploads, refused } = upload;
    const file = uploads[0] && "path" in uploads[0] ? uploads[0] : undefined;
    if (file) form.set("arquivo", file.name);
    const submission = parseWithZod(form, { schema: importSchema });
    if (refused.length) {
      const message = refused[0].reason === "arquivo vazio" ? "O arquivo está vazio." : `O arquivo passa do limite de ${FEED_LIMIT}.`;
      return { ok: false, status: refused[0].reason === "arquivo vazio" ? 400 : 413, reply: submission.reply({ fieldErrors: { arquivo: [message] } }) };
    }
    if (submission.status !== "success") return { ok: false, status: 400, reply: submission.reply() };
    const { url, publicar } = submission.value;
    let source: { url: string } | { file: string; name: string };
    if (file) {
      // Out of the request's upload folder (removed when the request ends) into the job's own.
      const path = join(await feedDir(), "feed.xml");
      await rename(file.path, path);
      source = { file: path, name: file.name };
    } else source = { url: url! };
    try {
      const { id, done } = await importFrom(source, !!publicar, actor);
      void done.then((s) => log.info({ importacao: s.id, lidos: s.lidos, erro: s.erro }, "Importação terminou"));
      return { ok: true, id };
    } catch (e) {
      if ("file" in source) await rm(dirname(source.file), { recursive: true, force: true });
      if (e instanceof DomainError && e.kind === "conflict") return { ok: false, status: 409, reply: submission.reply({ formErrors: [e.message] }) };
      throw e;
    }
  } finally {
    await releaseUploads(request);
  }
}

/** The job's page: its row, and once it has ended the report, its totals and who left the feed. */
export async function importJobPage(request: Request, rawId: string | undefined) {
  await requireAdmin(request);
  const id = idParam(rawId, "Importação não encontrada.");
  const job = await getJob(id);
  if (!job) throw notFound("Importação não encontrada.");
  const ended = job.estado !== "executando";
  const latest = job.estado === "concluida" ? await latestConcludedId() : null;
  return {
    job: { id: job.id, estado: job.estado, origem: job.origem, publicar: job.publicar === "sim", lidos: job.lidos, total: job.total, erro: job.erro, iniciado: job.iniciado_em.toISOString() },
    items: ended ? await reportItems(id) : [],
    totals: ended ? await reportTotals(id) : [],
    left: latest === id ? await leftTheFeed(id) : [],
    // A concluded import that a newer one replaced: its page points there for who left the feed.
    newer: latest !== null && latest !== id ? latest : null,
  };
}

/** 'Desativar todos' of the job's page: the listings that left the feed, inactive. */
export async function deactivateLeftAction(request: Request, rawId: string | undefined) {
  const actor = actorOf(request, await requireAdmin(request));
  const id = idParam(rawId, "Importação não encontrada.");
  const job = await getJob(id);
  if (!job) throw notFound("Importação não encontrada.");
  // The rule (only the newest concluded import) is the model's, asked inside its write.
  const n = await deactivateLeft(actor, id).catch((e: unknown) => {
    const problem = problemOf(e);
    throw problem ? jsonError(problem.status, problem.message) : e;
  });
  return redirectWithSuccess(`/admin/importar/${id}`, n === 1 ? "1 imóvel desativado." : `${n} imóveis desativados.`);
}

const REPORT_COLUMNS: CsvColumn<Awaited<ReturnType<typeof reportItems>>[number]>[] = [
  { header: "Código no feed", value: (r) => r.codigo },
  { header: "Imóvel", value: (r) => r.imovelCodigo ?? "" },
  { header: "Resultado", value: (r) => r.resultado },
  { header: "Motivo", value: (r) => r.motivo },
];

/** The report as a pt-BR CSV (the conventions of the other exports). */
export async function importReportCsv(request: Request, rawId: string | undefined) {
  await requireAdmin(request);
  const id = idParam(rawId, "Importação não encontrada.");
  if (!(await getJob(id))) throw notFound("Importação não encontrada.");
  return csvResponse(`importacao-${id}`, REPORT_COLUMNS, await reportItems(id));
}
