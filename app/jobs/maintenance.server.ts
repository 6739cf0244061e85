// Daily housekeeping inside the server process: the orphan-photo sweep and stale upload files. Several processes on one
// database may each run it; that is harmless (deleting a missing file is fine) and cheap once a day.
import { sweepOrphanFiles } from "../models/listings/foto-sweep.server";
import { processSlot } from "../process-state.server";
import { sweepUploadTmp } from "../services/upload-tmp.server";
import { logFor } from "../log.server";

const log = logFor("maintenance");

const DAY_MS = 24 * 3600_000;
// Not at start-up: a deploy restarts every process at once, and the first minutes are the busiest.
const FIRST_RUN_MS = 15 * 60_000;

const state = processSlot("maintenance", (): { timer?: NodeJS.Timeout; running?: Promise<unknown> } => ({}));

function runOnce() {
  state.running ??= Promise.all([sweepOrphanFiles({ log: (line) => log.info(line) }), sweepUploadTmp()])
    .catch((err) => log.error({ err }, "limpeza de fotos falhou"))
    .finally(() => (state.running = undefined));
}

/** Starts the daily sweep; a second call does nothing. */
export function startMaintenance() {
  if (state.timer) return false;
  state.timer = setTimeout(function tick() {
    runOnce();
    state.timer = setTimeout(tick, DAY_MS).unref();
  }, FIRST_RUN_MS).unref();
  return true;
}

/** Stops the schedule and waits for a sweep under way (shutdown: it still uses the pool). */
export async function stopMaintenance() {
  clearTimeout(state.timer);
  state.timer = undefined;
  await state.running;
}
