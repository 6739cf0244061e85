// Setup file of the vitest project "local" (vitest.config.ts), whose files run one after another in
// each worker's one process (isolate: false) instead of a new process per file: loading React
// Router, drizzle, mysql2, sharp and zod again for every file took a quarter of the run (issue 30
// §7). So that each file still starts as it would in a process of its own, this puts back, before
// every file, what the one before may have changed:
//   - the app's process state (app/process-state.server.ts, on globalThis): what a file left open
//     (its pools, workers, timers, photo-store sockets) is closed as the server closes it on
//     SIGTERM (seam.closeResources), and the slots emptied;
//   - the app's own modules, evaluated afresh (vi.resetModules; packages stay loaded);
//   - the environment variables as the worker began; real timers.
import { vi } from "vitest";

type Worker = { __imobEnvAtStart?: Record<string, string | undefined>; __imobProcess?: Map<string, unknown> };
const worker = globalThis as Worker;

if (worker.__imobProcess?.size) {
  const { seam } = await import("~/seam.server");
  await seam.closeResources();
  worker.__imobProcess.clear();
}
if (!worker.__imobEnvAtStart) worker.__imobEnvAtStart = { ...process.env };
else {
  const start = worker.__imobEnvAtStart;
  for (const k of Object.keys(process.env)) if (!(k in start)) delete process.env[k];
  Object.assign(process.env, start);
}
vi.resetModules();
vi.useRealTimers();
