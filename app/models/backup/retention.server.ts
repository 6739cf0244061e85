// Which archives to keep: the newest `keep`, plus the first archive of each month for a year. The
// first of a month, not the last: it is fixed once taken, so the monthly set never shifts under a
// restore drill.
import type { ArchiveRef } from "./destination.server";

/** Months since year 0, UTC: this month and the 11 before it are "a year". */
const monthOf = (d: Date) => d.getUTCFullYear() * 12 + d.getUTCMonth();

/** The archives retention lets go, oldest first. */
export function archivesToDelete(archives: ArchiveRef[], keep: number, now: Date): ArchiveRef[] {
  const byTime = [...archives].sort((a, b) => a.at.getTime() - b.at.getTime());
  const kept = new Set(byTime.slice(-keep).map((a) => a.name));
  const months = new Set<number>();
  for (const a of byTime) {
    if (monthOf(now) - monthOf(a.at) >= 12 || months.has(monthOf(a.at))) continue;
    months.add(monthOf(a.at));
    kept.add(a.name);
  }
  return byTime.filter((a) => !kept.has(a.name));
}
