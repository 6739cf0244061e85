// What a Temporada calendar needs beside the requests (issue 33 §2): the content's day moved at São
// Paulo's midnight (decision 0039), and the other sites' iCal feeds read every ICAL_SYNC_MINUTES.
// Every process runs it; each feed is taken by one of them per interval (syncDueFeeds), and a day
// rolled twice costs one more empty content write.
import { getEnv } from "../env.server";
import { rollContentDay } from "../models/temporada/content-day.server";
import { syncDueFeeds, type Fetcher } from "../models/temporada/ical-sync.server";
import { processSlot } from "../process-state.server";
import { logFor } from "../log.server";

const log = logFor("temporada");

const TICK_MS = 60_000;

const state = processSlot("temporada", (): { timer?: NodeJS.Timeout; rolling?: Promise<unknown>; syncing?: Promise<unknown> } => ({}));

function roll() {
  return rollContentDay().catch((err) => log.error({ err }, "virada do dia do conteúdo falhou"));
}

async function sync(fetcher: Fetcher) {
  const synced = await syncDueFeeds(fetcher, getEnv().ICAL_SYNC_MINUTES).catch((err) => log.error({ err }, "sincronização dos calendários iCal falhou"));
  if (synced) log.info({ feeds: synced }, "Calendários iCal sincronizados");
}

/** Starts the round at once (a new day is not left to wait a minute), then every minute; a second call does nothing. */
export function startTemporadaJobs(fetcher: Fetcher) {
  if (state.timer) return false;
  const run = () => {
    // Apart: the day must move at midnight even while a round of slow feeds is still being read.
    state.rolling ??= roll().finally(() => (state.rolling = undefined));
    state.syncing ??= sync(fetcher).finally(() => (state.syncing = undefined));
    state.timer = setTimeout(run, TICK_MS).unref();
  };
  state.timer = setTimeout(run, 0).unref();
  return true;
}

/** Stops the schedule and waits for a round under way (shutdown: it uses the pool). */
export async function stopTemporadaJobs() {
  clearTimeout(state.timer);
  state.timer = undefined;
  await Promise.all([state.rolling, state.syncing]);
}
