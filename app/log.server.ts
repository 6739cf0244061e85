// The app's log: one JSON line per event (pino), on stdout, beside the server's request lines
// (server/log.ts, the same shape: server/ may not import this module, decision 0021). Each
// subsystem logs through its own child (`logFor("mail")`), so a line says where it came from
// without a prefix in the message. Never log a password, a cookie, a token, a message body or an
// e-mail address (docs/decisions/0028-logs-and-metrics.md); `redact` is the net under that rule.
// Beside env.server.ts, below every layer: app/db logs too.
import cluster from "node:cluster";
import pino from "pino";

export const log = pino(
  {
    level: process.env.LOG_LEVEL ?? "info",
    base: { pid: process.pid, worker: cluster.worker?.id ?? 0 },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    // A database error carries the statement's values (drizzle puts them in its message and stack,
    // mysql2 in `sql` and a duplicate key's message): a visitor's name and e-mail, a password hash.
    serializers: { err: errWithoutValues },
    redact: { paths: ["password", "senha", "token", "*.password", "*.senha", "*.token", "headers.cookie", "headers.authorization"], censor: "[oculto]" },
  },
  // process.stdout rather than a file descriptor of pino's own: a test reads the lines by
  // spying on process.stdout.write; on Linux a pipe or a file is written synchronously anyway.
  process.stdout,
);

const PARAMS = /\nparams: [\s\S]*?(?=\n\s+at |\ncaused by: |$)/g;
const DUPLICATE = /Duplicate entry '[\s\S]*?' for key/g;
const scrubText = (t: string) => t.replace(PARAMS, "\nparams: [oculto]").replace(DUPLICATE, "Duplicate entry [oculto] for key");

function scrub(o: Record<string, unknown>, depth = 0) {
  delete o.params;
  delete o.sql;
  delete o.values;
  for (const k of ["message", "stack", "sqlMessage"]) if (typeof o[k] === "string") o[k] = scrubText(o[k]);
  if (depth < 5 && o.cause && typeof o.cause === "object") scrub(o.cause as Record<string, unknown>, depth + 1);
}

/** pino's own error serializer (type, message and stack with their causes), without the statement's values. */
export function errWithoutValues(err: unknown) {
  const out = pino.stdSerializers.err(err as Error) as unknown;
  if (out && typeof out === "object") scrub(out as Record<string, unknown>);
  return out;
}

/** The log of one subsystem: every line carries `sub` (jobs, mail, auth, uploads, content…). */
export function logFor(sub: string) {
  return log.child({ sub });
}
