// Production server: remix-serve's setup (express, compression, immutable assets) plus a graceful
// shutdown that closes the HTTP server and the database pool, which remix-serve does not do.
import path from "node:path";
import url from "node:url";
import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import express from "express";

const here = path.dirname(url.fileURLToPath(import.meta.url));
const buildDir = path.resolve(here, process.env.REMIX_BUILD_DIR ?? "build");
const build = await import(url.pathToFileURL(path.join(buildDir, "server/index.js")).href);
const port = Number(process.env.PORT ?? 3000);

const app = express();
app.disable("x-powered-by");
// Which proxies may set X-Forwarded-For (e.g. "loopback" or "1"); by default none.
app.set("trust proxy", process.env.TRUST_PROXY ? (/^\d+$/.test(process.env.TRUST_PROXY) ? Number(process.env.TRUST_PROXY) : process.env.TRUST_PROXY) : false);
app.use((req, _res, next) => {
  // The only source of the client IP the app reads (see clientIp in rate-limit.server.ts).
  req.headers["x-imob-client-ip"] = req.ip ?? "";
  next();
});
app.use(compression());
// Paths with ".." segments are traversal attempts (e.g. /img/../package.json): refuse them
// before the URL is normalized into some other route.
app.use((req, res, next) => {
  const raw = decodeURIComponent(req.originalUrl.split("?")[0].replace(/%(?![0-9a-f]{2})/gi, "%25"));
  if (/(^|[\\/])\.\.([\\/]|$)/.test(raw)) return res.status(404).type("text/plain").send("Não encontrado");
  next();
});
app.use(
  "/assets",
  express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }),
);
app.use(express.static(path.join(buildDir, "client"), { maxAge: "1h" }));
app.all("*", createRequestHandler({ build, mode: process.env.NODE_ENV }));

const server = app.listen(port, () => {
  console.log(`Servidor pronto em http://localhost:${port}`);
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
