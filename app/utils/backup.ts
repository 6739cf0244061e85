// What 'Home admin' shows of the backups (issue 24): shared by the model that computes it and the
// card that draws it.

/** A backup older than this (or none at all) is shown in red. */
export const BACKUP_ALERT_HOURS = 48;

export type BackupHealth = {
  /** The last backup that ended well (ISO), or null when none ever did. */
  lastOkAt: string | null;
  /** Its age in hours, as the server counted it (the browser's clock is not trusted). */
  ageHours: number | null;
  alert: boolean;
  /** The newest run, when it failed after the last good one. */
  failed: { at: string; erro: string | null } | null;
};

/** "há 5 minutos", "há 3 horas", "há 2 dias". */
export function formatAge(hours: number) {
  const plural = (n: number, one: string, many: string) => `há ${n} ${n === 1 ? one : many}`;
  if (hours < 1) return plural(Math.max(1, Math.round(hours * 60)), "minuto", "minutos");
  if (hours < 48) return plural(Math.floor(hours), "hora", "horas");
  return plural(Math.floor(hours / 24), "dia", "dias");
}
