import { describe, expect, it } from "vitest";
import { archiveName, archiveTime } from "~/models/backup/destination.server";
import { archivesToDelete } from "~/models/backup/retention.server";
import { formatAge } from "~/utils/backup";

const DAY = 24 * 3600_000;
const now = new Date("2026-11-26T03:00:00Z");
/** One archive a day for `days` days up to now. */
const daily = (days: number) => Array.from({ length: days }, (_, i) => new Date(now.getTime() - i * DAY)).map((at) => ({ name: archiveName(at), at }));

describe("backup retention", () => {
  it("names archives by their time and reads the time back; other files are not archives", () => {
    const at = new Date("2026-11-26T08:37:51.123Z");
    expect(archiveName(at)).toBe("backup-2026-11-26T08-37-51-123Z.tar.gz");
    expect(archiveTime(archiveName(at))).toEqual(at);
    expect(archiveTime("notas.txt")).toBeNull();
    expect(archiveTime("backup-2026-11-26T08-37-51-123Z.tar.gz.123.tmp")).toBeNull();
  });

  it("keeps the newest BACKUP_KEEP plus the first of each month for a year", () => {
    const all = daily(800);
    const deleted = new Set(archivesToDelete(all, 7, now).map((a) => a.name));
    const kept = all.filter((a) => !deleted.has(a.name));
    const newest7 = all.slice(0, 7);
    expect(kept).toEqual(expect.arrayContaining(newest7));
    const monthly = kept.filter((a) => !newest7.includes(a));
    // The first of each month of the last twelve: Dec 2025 … Nov 2026.
    expect(monthly.map((a) => a.at.toISOString().slice(0, 10)).sort()).toEqual([
      "2025-12-01", "2026-01-01", "2026-02-01", "2026-03-01", "2026-04-01", "2026-05-01",
      "2026-06-01", "2026-07-01", "2026-08-01", "2026-09-01", "2026-10-01", "2026-11-01",
    ]);
    expect(kept).toHaveLength(7 + 12);
  });

  it("deletes nothing while there are fewer than BACKUP_KEEP", () => {
    expect(archivesToDelete(daily(5), 7, now)).toEqual([]);
  });

  it("says an age in words", () => {
    expect(formatAge(0.01)).toBe("há 1 minuto");
    expect(formatAge(0.5)).toBe("há 30 minutos");
    expect(formatAge(1.2)).toBe("há 1 hora");
    expect(formatAge(47.9)).toBe("há 47 horas");
    expect(formatAge(50)).toBe("há 2 dias");
  });
});
