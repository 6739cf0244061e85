// One log line per kind of failure per window: a database that is down under load would otherwise
// write one line per request (71,000 in 10 s, issue 12). The next line of a kind says how many of
// it were left out meanwhile. Lines go to the app's log (app/log.server.ts), an error with its stack.
import { logFor } from "../log.server";

const errors = logFor("errors");

export const LOG_WINDOW_MS = 5_000;

type Seen = { until: number; suppressed: number };
const seen = new Map<string, Seen>();

/** One line: its message, the error (logged with its stack) and the request it belongs to. */
export type ThrottledLine = { msg: string; err?: unknown; reqId?: string | null };

/**
 * Logs `line` (level error) unless a line of `kind` was logged less than LOG_WINDOW_MS ago;
 * returns whether it logged. `now` is for the tests.
 */
export function logThrottled(kind: string, line: ThrottledLine, now = Date.now()): boolean {
  const s = seen.get(kind);
  if (s && now < s.until) {
    s.suppressed++;
    return false;
  }
  const note = s?.suppressed ? ` (+${s.suppressed} ocorrência(s) igual(is) omitida(s) nos últimos ${LOG_WINDOW_MS / 1000} s)` : "";
  seen.set(kind, { until: now + LOG_WINDOW_MS, suppressed: 0 });
  // Bounded: kinds come from error codes and messages, but a flood of distinct ones must not grow this.
  if (seen.size > 500) for (const [k, v] of seen) if (v.until <= now) seen.delete(k);
  const fields: Record<string, unknown> = { kind };
  if (line.err !== undefined) fields.err = line.err;
  if (line.reqId) fields.reqId = line.reqId;
  errors.error(fields, line.msg + note);
  return true;
}

/** The kind of an error for logThrottled: its code, else its name and first line. */
export function errorKind(e: unknown): string {
  const err = e as { code?: unknown; name?: unknown; message?: unknown } | null;
  if (err && typeof err.code === "string") return `code:${err.code}`;
  const first = String(err?.message ?? e).split("\n")[0].slice(0, 200);
  return `${String(err?.name ?? "Error")}:${first}`;
}
