// Daily housekeeping inside the server process: the orphan-photo sweep and stale upload files, the
// history's and the leads' retention, the daily backup, and the e-mail alerts never confirmed (7 days).
// Several processes on one database may each run it: the sweeps and retentions are harmless twice (the second finds nothing), and the
// backup lets one process through (jobs/backup-daily.server.ts).
import { purgeOldHistory } from "../models/history/history-list.server";
import { sweepOrphanFiles } from "../models/listings/foto-sweep.server";
import { anonymizeExpiredMensagens } from "../models/privacy/retention.server";
import { deleteUnconfirmed } from "../models/alerts/alerta.server";
import { processSlot } from "../process-state.server";
import { sweepUploadTmp } from "../services/upload-tmp.server";
import { logFor } from "../log.server";
import { runDailyBackup } from "./backup-daily.server";

const log = logFor("maintenance");

const DAY_MS = 24 * 3600_000;
// Not at start-up: a deploy restarts every process at once, and the first minutes are the busiest.
const FIRST_RUN_MS = 15 * 60_000;

const state = processSlot("maintenance", (): { timer?: NodeJS.Timeout; running?: Promise<unknown> } => ({}));

// Each task on its own: one that fails is logged under its own name and the others still run.
const TASKS: [name: string, run: () => Promise<unknown>][] = [
  ["limpeza de fotos", () => sweepOrphanFiles({ log: (line) => log.info(line) })],
  ["limpeza de envios", () => sweepUploadTmp()],
  ["retenção do histórico", () => purgeOldHistory()],
  ["anonimização de mensagens antigas", () => anonymizeExpiredMensagens()],
  ["backup diário", () => runDailyBackup()],
  ["alertas não confirmados", () => deleteUnconfirmed()],
];

function runOnce() {
  state.running ??= Promise.all(TASKS.map(([name, run]) => run().catch((err) => log.error({ err }, `${name} falhou`)))).finally(
    () => (state.running = undefined),
  );
}

/** Starts the daily tasks; a second call does nothing. */
export function startMaintenance() {
  if (state.timer) return false;
  state.timer = setTimeout(function tick() {
    runOnce();
    state.timer = setTimeout(tick, DAY_MS).unref();
  }, FIRST_RUN_MS).unref();
  return true;
}

/** Stops the schedule and waits for the tasks under way (shutdown: they still use the pool). */
export async function stopMaintenance() {
  clearTimeout(state.timer);
  state.timer = undefined;
  await state.running;
}
