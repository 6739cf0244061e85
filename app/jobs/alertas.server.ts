// The alerts' daily digest inside the server process (issue 32 §2): once a minute, from ALERTAS_HORA
// (São Paulo) on, queue the digests of the day not queued yet. Before that hour nothing is looked
// at; after it, a process started late (a deploy, a crash at 08:00) still sends the day's digests.
// A run that finds every alert done for the day is one indexed read (alertas_due_idx). Several
// processes may run it: queueDigests shares the alerts among them and never queues a day twice.
import { getEnv } from "../env.server";
import { logFor } from "../log.server";
import { minutesOf, saoPauloMinutes } from "../models/alerts/alerta-clock.server";
import { queueDigests } from "../models/alerts/alerta-digest.server";
import { processSlot } from "../process-state.server";

const log = logFor("alertas");
const POLL_MS = 60_000;

const state = processSlot("alertas", (): { timer?: NodeJS.Timeout; running?: Promise<unknown> } => ({}));

/** One look: the digests of the day, if the hour has come; the run under way, if any. */
export function runAlertasTick(now = new Date()) {
  if (saoPauloMinutes(now) < minutesOf(getEnv().ALERTAS_HORA)) return undefined;
  state.running ??= queueDigests(now)
    .then((run) => {
      if (run.verificados) log.info(run, `Alertas: ${run.verificados} verificado(s), ${run.enfileirados} resumo(s) na fila`);
    })
    .catch((err) => log.error({ err }, "Falha ao preparar os resumos dos alertas (nova tentativa em 1 minuto)"))
    .finally(() => (state.running = undefined));
  return state.running;
}

export function startAlertas() {
  if (state.timer) return false;
  state.timer = setInterval(() => runAlertasTick(), POLL_MS).unref();
  return true;
}

/** Stops the schedule and waits for a run under way (shutdown: it still uses the pool). */
export async function stopAlertas() {
  clearInterval(state.timer);
  state.timer = undefined;
  await state.running;
}
