// Production server: loads the Remix build and serves it (server/app.mjs) on WEB_CONCURRENCY
// processes (server/cluster.mjs), each shutting down cleanly: requests already accepted finish,
// then the database pools close (server/lifecycle.mjs), which remix-serve does not do.
import cluster from "node:cluster";
import path from "node:path";
import url from "node:url";
import { createApp } from "./server/app.mjs";
import { runPrimary, workerCount } from "./server/cluster.mjs";
import { onSignals } from "./server/lifecycle.mjs";

// SIGTERM → exit within 10 s (a container's usual grace): 1 s still accepting what was already
// sent, up to 6 s for requests to finish, 1 s for the pools, the primary cutting any worker still
// alive at 9 s.
const GRACE_MS = 1000;
const DRAIN_MS = 6000;
const WORKER_FORCE_MS = 8000;
const PRIMARY_FORCE_MS = 9000;

const count = workerCount();
if (count > 1 && cluster.isPrimary) {
  runPrimary(count, { forceMs: PRIMARY_FORCE_MS });
} else {
  const here = path.dirname(url.fileURLToPath(import.meta.url));
  const buildDir = path.resolve(here, process.env.REMIX_BUILD_DIR ?? "build");
  const build = await import(url.pathToFileURL(path.join(buildDir, "server/index.js")).href);
  const port = Number(process.env.PORT ?? 3000);
  const entry = build.entry.module;

  const server = createApp({ build, buildDir, mode: process.env.NODE_ENV }).listen(port, () => {
    if (cluster.isPrimary || cluster.worker?.id === 1) console.log(`Servidor pronto em http://localhost:${port}`);
    // Background work (the lead e-mails) runs beside the requests and stops in closeResources.
    entry.startBackgroundJobs?.();
  });
  onSignals(server, { closeResources: entry.closeResources, graceMs: GRACE_MS, drainMs: DRAIN_MS, forceMs: WORKER_FORCE_MS });
}
