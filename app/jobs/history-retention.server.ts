// The admin history's retention (issue 24): entries older than HISTORY_RETENTION_DAYS go, once a day,
// from the daily maintenance. Several processes may run it at once: the second deletes nothing.
import { getEnv } from "../env.server";
import { logFor } from "../log.server";
import { purgeHistory } from "../models/history/history-list.server";

const log = logFor("history");

export async function purgeOldHistory() {
  const days = getEnv().HISTORY_RETENTION_DAYS;
  const n = await purgeHistory(days);
  if (n > 0) log.info(`Histórico: ${n} registro(s) com mais de ${days} dias excluído(s).`);
}
