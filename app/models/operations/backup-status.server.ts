// What is known of the backups made (table `backups`): 'Home admin' and /metrics read it.
import { desc, eq } from "drizzle-orm";
import { getDb } from "../../db/client.server";
import { backups } from "../../db/schema";

export type BackupRun = typeof backups.$inferSelect;

/** The newest backup that ended well, or null when none has. */
export async function lastGoodBackup(): Promise<BackupRun | null> {
  const [row] = await getDb().select().from(backups).where(eq(backups.estado, "ok")).orderBy(desc(backups.iniciado_em)).limit(1);
  return row ?? null;
}

/** The newest backup begun, whatever its end (a failure shows on 'Home admin'). */
export async function lastBackupRun(): Promise<BackupRun | null> {
  const [row] = await getDb().select().from(backups).orderBy(desc(backups.iniciado_em)).limit(1);
  return row ?? null;
}
