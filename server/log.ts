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
  // Lines are gathered and written once per turn of the event loop: under load one write carries
  // many requests' lines (a write per line was half of the log's cost on a cache hit, decision
  // 0028), and a line waits microseconds, not for a buffer to fill. Under vitest each line is
  // written at once, where tests/support/log-lines.ts reads it.
  process.env.VITEST ? process.stdout : batched(),
);

/** A pino destination that writes what it was given at the end of the current loop turn (and at exit). */
function batched() {
  let pending = "";
  const flush = () => {
    if (!pending) return;
    const out = pending;
    pending = "";
    // Synchronous for a file or a pipe on Linux: the order of lines is kept.
    process.stdout.write(out);
  };
  process.once("exit", flush);
  return {
    write(line: string) {
      if (!pending) setImmediate(flush);
      pending += line;
    },
  };
}

export const serverLog = log.child({ sub: "server" });
export const requestLog = log.child({ sub: "http" });

