// Daily housekeeping inside the server process: the orphan-photo sweep. Several processes on one
// database may each run it; that is harmless (deleting a missing file is fine) and cheap once a day.
import { sweepOrphanFiles } from "../models/listings/foto-sweep.server";

const DAY_MS = 24 * 3600_000;
// Not at start-up: a deploy restarts every process at once, and the first minutes are the busiest.
const FIRST_RUN_MS = 15 * 60_000;

let timer: NodeJS.Timeout | undefined;
let running: Promise<unknown> | undefined;

function runOnce() {
  running ??= sweepOrphanFiles({ log: console.log })
    .catch((e) => console.error("limpeza de fotos falhou:", e instanceof Error ? e.message : e))
    .finally(() => (running = undefined));
}

/** Starts the daily sweep; a second call does nothing. */
export function startMaintenance() {
  if (timer) return false;
  timer = setTimeout(function tick() {
    runOnce();
    timer = setTimeout(tick, DAY_MS).unref();
  }, FIRST_RUN_MS).unref();
  return true;
}

/** Stops the schedule and waits for a sweep under way (shutdown: it still uses the pool). */
export async function stopMaintenance() {
  clearTimeout(timer);
  timer = undefined;
  await running;
}
