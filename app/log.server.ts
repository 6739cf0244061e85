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
    redact: { paths: ["password", "senha", "token", "*.password", "*.senha", "*.token", "headers.cookie", "headers.authorization"], censor: "[oculto]" },
  },
  // process.stdout rather than a file descriptor of pino's own: a test reads the lines by
  // spying on process.stdout.write; on Linux a pipe or a file is written synchronously anyway.
  process.stdout,
);

/** The log of one subsystem: every line carries `sub` (jobs, mail, auth, uploads, content…). */
export function logFor(sub: string) {
  return log.child({ sub });
}
