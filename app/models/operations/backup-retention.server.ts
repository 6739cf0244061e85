// Which archives to keep: the newest `keep`, plus the first archive of each month for a year. The
// first of a month, not the last: it is fixed once taken, so the monthly set never shifts under a
// restore drill.
import type { ArchiveRef } from "./backup-destination.server";

const YEAR_MS = 365 * 24 * 3600_000;
const monthOf = (d: Date) => `${d.getUTCFullYear()}-${d.getUTCMonth()}`;

/** The archives retention lets go, oldest first. */
export function archivesToDelete(archives: ArchiveRef[], keep: number, now: Date): ArchiveRef[] {
  const byTime = [...archives].sort((a, b) => a.at.getTime() - b.at.getTime());
  const kept = new Set(byTime.slice(-keep).map((a) => a.name));
  const months = new Set<string>();
  for (const a of byTime) {
    if (now.getTime() - a.at.getTime() > YEAR_MS || months.has(monthOf(a.at))) continue;
    months.add(monthOf(a.at));
    kept.add(a.name);
  }
  return byTime.filter((a) => !kept.has(a.name));
}
