// The server's own daily backup (docs/backup.md), started by the daily maintenance. Every process of
// every replica calls it; the database lock lets one through at a time, and the `backups` table
// tells the others it is already done for the day. Never throws: a failure is logged here and
// recorded as a 'falhou' row, which 'Home admin' shows in red.
import { getEnv } from "../env.server";
import { logFor } from "../log.server";
import { createBackup } from "../models/backup/create.server";
import { backupTarget } from "../models/backup/destination.server";
import { rawConnection } from "../models/backup/dump.server";
import { dailyRecentlyDone, failAbandonedRuns, withBackupLock } from "../models/backup/runs.server";
import { getPhotoStore } from "../services/storage/store.server";

const log = logFor("backup");

export type DailyOutcome = "feito" | "ja-feito" | "outro-processo" | "falhou";

export async function runDailyBackup(): Promise<DailyOutcome> {
  try {
    const env = getEnv();
    const conn = await rawConnection(env.DATABASE_URL);
    try {
      const outcome = await withBackupLock(conn, async (): Promise<DailyOutcome> => {
        await failAbandonedRuns(conn);
        if (await dailyRecentlyDone(conn)) return "ja-feito";
        const store = getPhotoStore();
        const { destination, skipPrefix } = backupTarget(env, store);
        const r = await createBackup({ databaseUrl: env.DATABASE_URL, store, destination, skipPrefix, origem: "diario", keep: env.BACKUP_KEEP });
        log.info(`backup diário: ${r.destino} (${r.bytes} bytes, ${(r.ms / 1000).toFixed(1)} s)`);
        return "feito";
      });
      return outcome ?? "outro-processo";
    } finally {
      await conn.end();
    }
  } catch (e) {
    log.error({ err: e }, "backup diário falhou");
    return "falhou";
  }
}
