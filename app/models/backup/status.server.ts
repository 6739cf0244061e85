// What is known of the backups made (table `backups`): 'Home admin' and /metrics read it.
import { desc, eq } from "drizzle-orm";
import { prepared } from "../../db/prepared.server";
import { backups } from "../../db/schema";
import { BACKUP_ALERT_HOURS, type BackupHealth } from "../../utils/backup";

export type BackupRun = typeof backups.$inferSelect;

/** The newest backup that ended well, or null when none has. */
export async function lastGoodBackup(): Promise<BackupRun | null> {
  const [row] = await lastGoodQuery().execute();
  return row ?? null;
}
// Both read on every 'Home admin': prepared (db/prepared.server.ts).
const lastGoodQuery = prepared((db) => db.select().from(backups).where(eq(backups.estado, "ok")).orderBy(desc(backups.iniciado_em)).limit(1).prepare());
const lastRunQuery = prepared((db) => db.select().from(backups).orderBy(desc(backups.iniciado_em)).limit(1).prepare());

/** The newest backup begun, whatever its end (a failure shows on 'Home admin'). */
export async function lastBackupRun(): Promise<BackupRun | null> {
  const [row] = await lastRunQuery().execute();
  return row ?? null;
}

/** 'Home admin': the last good backup and its age, red past BACKUP_ALERT_HOURS or when none ever was. */
export async function backupHealth(now = new Date()): Promise<BackupHealth> {
  const [good, last] = await Promise.all([lastGoodBackup(), lastBackupRun()]);
  const ageHours = good ? (now.getTime() - good.iniciado_em.getTime()) / 3600_000 : null;
  const failed = last && last.estado === "falhou" && last.id !== good?.id ? { at: last.iniciado_em.toISOString(), erro: last.erro } : null;
  return { lastOkAt: good?.iniciado_em.toISOString() ?? null, ageHours, alert: ageHours === null || ageHours > BACKUP_ALERT_HOURS, failed };
}
