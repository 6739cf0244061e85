// The alerts' clock is São Paulo's (issue 32 §2): the digest goes out at ALERTAS_HORA there, and
// "one digest a day" means one per São Paulo day, wherever the server runs.
const ZONE = "America/Sao_Paulo";
const dayFormat = new Intl.DateTimeFormat("en-CA", { timeZone: ZONE, year: "numeric", month: "2-digit", day: "2-digit" });
const timeFormat = new Intl.DateTimeFormat("en-GB", { timeZone: ZONE, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

/** The São Paulo day of `at`, as YYYY-MM-DD (a DATE column's value). */
export const saoPauloDay = (at: Date) => dayFormat.format(at);

/** Minutes since midnight in São Paulo at `at`. */
export function saoPauloMinutes(at: Date) {
  const [h, m] = timeFormat.format(at).split(":").map(Number);
  return h * 60 + m;
}

/** "08:00" → 480. */
export function minutesOf(hhmm: string) {
  const [h, m] = hhmm.split(":").map(Number);
  return h * 60 + m;
}

/** Whole days from `from` to `to` (both YYYY-MM-DD). */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
