// Production server: loads the Remix build, serves it (server/app.mjs) and shuts down cleanly,
// closing the HTTP server and the database pool, which remix-serve does not do.
import path from "node:path";
import url from "node:url";
import { createApp } from "./server/app.mjs";

const here = path.dirname(url.fileURLToPath(import.meta.url));
const buildDir = path.resolve(here, process.env.REMIX_BUILD_DIR ?? "build");
const build = await import(url.pathToFileURL(path.join(buildDir, "server/index.js")).href);
const port = Number(process.env.PORT ?? 3000);

const server = createApp({ build, buildDir, mode: process.env.NODE_ENV }).listen(port, () => {
  console.log(`Servidor pronto em http://localhost:${port}`);
  // Background work (the lead e-mails) runs beside the requests and stops in closeResources.
  build.entry.module.startBackgroundJobs?.();
});

let closing = false;
async function shutdown(signal) {
  if (closing) return;
  closing = true;
  console.log(`${signal} recebido: encerrando…`);
  // Never hang: whatever is still open after 4 s is cut.
  setTimeout(() => process.exit(0), 4000).unref();
  server.close();
  server.closeIdleConnections?.();
  try {
    await build.entry.module.closeResources?.();
  } catch (e) {
    console.error(e);
  }
  process.exit(0);
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
