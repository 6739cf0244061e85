// The server's log: JSON lines (pino) on stdout, the same shape as the app's (app/log.server.ts,
// which server/ may not import: decision 0021). `log` is for the process's own events (start,
// stop, workers); server/request-log.ts writes one line per request through `requestLog`.
import cluster from "node:cluster";
import pino from "pino";

export const log = pino(
  {
    level: process.env.LOG_LEVEL ?? "info",
    base: { pid: process.pid, worker: cluster.worker?.id ?? 0 },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  },
  // Asynchronous (SonicBoom): a line is appended to a buffer and written by libuv, lines that
  // arrive during a write go out together in the next, so a cache hit pays no write system call
  // of its own (bench:ab, decision 0028); pino flushes it on exit. Under vitest, process.stdout,
  // where tests/support/log-lines.ts reads the lines.
  process.env.VITEST ? process.stdout : pino.destination({ dest: 1, sync: false }),
);

export const serverLog = log.child({ sub: "server" });
export const requestLog = log.child({ sub: "http" });
