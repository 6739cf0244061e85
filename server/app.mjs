// The express app in front of Remix: the client's address, security headers, the refusals made
// before Remix (bad URL, cross-site write), compression, static files, then Remix (with its body
// limits) and the page cache in front of it. Each concern is one middleware here; server.mjs only starts and stops it.
import path from "node:path";
import compression from "compression";
import express from "express";
import { checkPath, sameOrigin } from "./guards.mjs";
import { createPageCache } from "./page-cache.mjs";
import { remixHandler } from "./remix.mjs";
import { securityHeaders } from "./security.mjs";

/** express's "trust proxy" from TRUST_PROXY: a hop count ("1"), names ("loopback") or addresses. */
function trustProxy(value) {
  if (!value) return false;
  return /^\d+$/.test(value) ? Number(value) : value;
}

export function createApp({ build, buildDir, mode }) {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", trustProxy(process.env.TRUST_PROXY));
  app.use((req, _res, next) => {
    // The only source of the client IP the app reads (app/http/request.server.ts#clientIp).
    req.headers["x-imob-client-ip"] = req.ip ?? "";
    next();
  });
  const publicUrl = process.env.PUBLIC_URL || `http://localhost:${process.env.PORT ?? 3000}`;
  // Before anything that answers, so every response (static files, /img, /api, 404s) has them.
  app.use(securityHeaders({ publicUrl, imgPublicUrl: process.env.IMG_PUBLIC_URL }));
  app.use(checkPath);
  app.use(sameOrigin({ publicUrl }));
  app.use(compression());
  app.use("/assets", express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }));
  // The few root files (favicon, logo…) all have an extension: a page's path never costs a stat.
  const rootFiles = express.static(path.join(buildDir, "client"), { maxAge: "1h" });
  app.use((req, res, next) => (/\.\w+$/.test(req.path) ? rootFiles(req, res, next) : next()));
  // Anonymous requests may read public data from DATABASE_REPLICA_URL; admins' never (app/http/read-routing.server.ts).
  const routeReads = build.entry?.module?.routeReads;
  if (routeReads) app.use((req, _res, next) => routeReads(req.headers, next));
  // After the read routing: a miss reads its content version from the database the render will use.
  const entry = build.entry?.module ?? {};
  const pageCache =
    entry.currentContentVersion && process.env.PAGE_CACHE !== "off"
      ? createPageCache({
          currentVersion: entry.currentContentVersion,
          renderVersion: entry.renderContentVersion,
          maxBytes: Number(process.env.PAGE_CACHE_MB ?? 64) * 1024 * 1024,
        })
      : null;
  if (pageCache) app.use(pageCache.lookup);
  // The nonce of this response's CSP, for <Scripts>, <ScrollRestoration> and React's own scripts.
  const getLoadContext = (_req, res) => ({ cspNonce: res.locals.cspNonce });
  app.all("*", remixHandler({ build, mode, getLoadContext, pageCache }));
  return app;
}
