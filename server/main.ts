// Production server: loads the React Router build and serves it (server/app.ts) on WEB_CONCURRENCY
// processes (server/cluster.ts), each shutting down cleanly: requests already accepted finish,
// then the database pools close (server/lifecycle.ts), which remix-serve does not do.
// Compiled at build time into <build>/node/main.js (scripts/build-server.ts) and started by server.mjs.
import cluster from "node:cluster";
import path from "node:path";
import url from "node:url";
import type { ServerBuild } from "react-router";
import { createApp } from "./app.ts";
import { runPrimary, workerCount } from "./cluster.ts";
import { joinContentRelay } from "./content-relay.ts";
import { onSignals } from "./lifecycle.ts";
import { serverLog } from "./log.ts";
import { seamOf } from "./seam.ts";

// SIGTERM → exit within 10 s (a container's usual grace): 1 s still accepting what was already
// sent, up to 6 s for requests to finish (any still open then cut, and the exit code 1), the pools
// closed after that, a worker still running at 8 s cut (and the primary cutting any worker still
// alive at 9 s), with a non-zero exit code.
const GRACE_MS = 1000;
const DRAIN_MS = 6000;
const WORKER_FORCE_MS = 8000;
const PRIMARY_FORCE_MS = 9000;

const count = workerCount();
if (count > 1 && cluster.isPrimary) {
  runPrimary(count, { forceMs: PRIMARY_FORCE_MS });
} else {
  // The build this server was compiled into: <build>/node/main.js serves <build>/ (server.mjs picks BUILD_DIR).
  const buildDir = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), "..");
  const build: ServerBuild = await import(url.pathToFileURL(path.join(buildDir, "server/index.js")).href);
  // Before anything listens: a build that lacks what the server needs stops the start here.
  const seam = seamOf(build);
  joinContentRelay(seam);
  const port = Number(process.env.PORT ?? 3000);

  const server = createApp({ build, seam, buildDir, mode: process.env.NODE_ENV }).listen(port, () => {
    if (cluster.isPrimary || cluster.worker?.id === 1) serverLog.info(`Servidor pronto em http://localhost:${port} (Node ${process.version})`);
    // Background work (the message e-mails, the daily sweep) runs beside the requests and stops in closeResources.
    seam.startBackgroundJobs();
  });
  onSignals(server, { closeResources: seam.closeResources, graceMs: GRACE_MS, drainMs: DRAIN_MS, forceMs: WORKER_FORCE_MS });
}
