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
  // pino's own destination, synchronous: one write of a few hundred bytes per line, the
  // cheapest way measured (~3.5 µs against ~6 µs buffered: the buffered one hands each write to a
  // libuv thread) and nothing lost at an exit. Under vitest, process.stdout, where
  // tests/support/log-lines.ts reads the lines.
  process.env.VITEST ? process.stdout : pino.destination({ dest: 1, sync: true }),
);

export const serverLog = log.child({ sub: "server" });
export const requestLog = log.child({ sub: "http" });
