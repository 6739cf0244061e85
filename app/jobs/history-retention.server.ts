// The admin history's retention (issue 24): entries older than HISTORY_RETENTION_DAYS go, once a day,
// from the daily maintenance. Several processes may run it at once: the second deletes nothing.
import { getEnv } from "../env.server";
import { purgeHistory } from "../models/history/history-list.server";

/** Never rejects: a failure is logged under its own name, and the other daily tasks go on. */
export async function purgeOldHistory() {
  try {
    const n = await purgeHistory(getEnv().HISTORY_RETENTION_DAYS);
    if (n > 0) console.log(`Histórico: ${n} registro(s) com mais de ${getEnv().HISTORY_RETENTION_DAYS} dias excluído(s).`);
  } catch (e) {
    console.error("limpeza do histórico falhou:", e instanceof Error ? e.message : e);
  }
}
