// Views per listing, one feature in three parts: the hook on the request (server/visualizacoes-hook.ts),
// the counter of each process (jobs/visualizacoes-counter.server.ts), the table and its reads
// (models/listings/visualizacoes.server.ts). This is the counter (issue 24): a public view of a
// listing page adds one to a count kept in memory, and the counts are written in one batch every few
// seconds and at shutdown. A page-cache hit then costs a Map update, not a
// write. A failed write keeps its counts for the next one, up to a bound, with one log line; the
// request that counted never sees it.
import { getEnv } from "../env.server";
import { addVisualizacoes, spDay, type VisualizacaoCount } from "../models/listings/visualizacoes.server";
import { processSlot } from "../process-state.server";
import { errorKind, logThrottled } from "../services/log-throttle.server";
import { isBot } from "../utils/bots";

/** Distinct listing-days held in memory at most: past it, a new one is dropped (and logged once). */
export const MAX_PENDING = 20_000;

type State = {
  /** `${dia} ${imovelId}` → views not yet written. */
  pending: Map<string, number>;
  /** The day of views counted now, recomputed at most once a second (Intl is not free per request). */
  day: { value: string; from: number; until: number };
  timer?: NodeJS.Timeout;
  flushing?: Promise<void>;
  write: (batch: VisualizacaoCount[]) => Promise<void>;
};

const state = processSlot(
  "visualizacoes",
  (): State => ({ pending: new Map(), day: { value: "", from: 0, until: 0 }, write: (batch) => addVisualizacoes(batch) }),
);

function today(now: number) {
  if (now >= state.day.until || now < state.day.from) state.day = { value: spDay(new Date(now)), from: now, until: now + 1000 };
  return state.day.value;
}

function add(key: string, n: number) {
  const had = state.pending.get(key);
  if (had === undefined && state.pending.size >= MAX_PENDING) {
    logThrottled("visualizacoes:cheio", { msg: `Contagem de visualizações cheia (${MAX_PENDING} imóveis-dia pendentes): descartando novas.` });
    return;
  }
  state.pending.set(key, (had ?? 0) + n);
}

/**
 * One public view of listing `imovelId` (seam.countVisualizacao, called by the server once the page
 * or its .data was answered). Bots are not counted. Never throws.
 */
export function countVisualizacao(imovelId: number, userAgent: string | undefined, now = Date.now()) {
  if (!Number.isSafeInteger(imovelId) || imovelId < 1 || isBot(userAgent)) return false;
  add(`${today(now)} ${imovelId}`, 1);
  return true;
}

/** The counts not yet written (tests, diagnostics). */
export function pendingVisualizacoes(): VisualizacaoCount[] {
  return [...state.pending].map(([key, total]) => {
    const [dia, id] = key.split(" ");
    return { imovelId: Number(id), dia, total };
  });
}

/**
 * Writes what is pending in one batch. On failure the counts go back into memory (bounded by
 * MAX_PENDING) for the next flush, with one log line per few seconds. Never rejects.
 */
export function flushVisualizacoes(): Promise<void> {
  state.flushing ??= (async () => {
    const batch = pendingVisualizacoes();
    if (!batch.length) return;
    state.pending = new Map();
    try {
      await state.write(batch);
    } catch (e) {
      for (const r of batch) add(`${r.dia} ${r.imovelId}`, r.total);
      logThrottled(`visualizacoes:${errorKind(e)}`, { msg: `Visualizações não gravadas (${batch.length} imóveis-dia ficam para a próxima vez)`, err: e });
    }
  })().finally(() => (state.flushing = undefined));
  return state.flushing;
}

/** Writes every VIEWS_FLUSH_MS; a second call does nothing. */
export function startVisualizacoes() {
  if (state.timer) return false;
  state.timer = setInterval(() => void flushVisualizacoes(), getEnv().VIEWS_FLUSH_MS).unref();
  return true;
}

/** Shutdown: stops the schedule and writes what is left (before the pool closes). */
export async function stopVisualizacoes() {
  clearInterval(state.timer);
  state.timer = undefined;
  await state.flushing;
  await flushVisualizacoes();
}

/** Tests: where the batches go (a write that fails), and back to the table. */
export function setVisualizacoesWriter(write?: (batch: VisualizacaoCount[]) => Promise<void>) {
  state.write = write ?? ((batch) => addVisualizacoes(batch));
}
