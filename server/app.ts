// The express app in front of Remix: the client's address, security headers, the refusals made
// before Remix (bad URL, cross-site write), compression, static files, then Remix (with its body
// limits) and the page cache in front of it. Each concern is one middleware here; server/main.ts
// only starts and stops it.
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { checkPath, sameOrigin } from "./guards.ts";
import { createPageCache } from "./page-cache.ts";
import { remixHandler } from "./remix.ts";
import type { ServerSeam } from "./seam.ts";
import { securityHeaders } from "./security.ts";
import { countVisualizacoes } from "./visualizacoes.ts";

/** express's "trust proxy" from TRUST_PROXY: a hop count ("1"), names ("loopback") or addresses. */
function trustProxy(value: string | undefined) {
  if (!value) return false;
  return /^\d+$/.test(value) ? Number(value) : value;
}

export type AppOptions = { build: ServerBuild; seam: ServerSeam; buildDir: string; mode?: string };

export function createApp({ build, seam, buildDir, mode }: AppOptions) {
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
  app.use((req, _res, next) => seam.routeReads(req.headers, next));
  // Before the page cache: a hit of a listing's page is a view too.
  app.use(countVisualizacoes(seam.countVisualizacao));
  // After the read routing: a miss reads its content version from the database the render will use.
  const pageCache =
    process.env.PAGE_CACHE !== "off"
      ? createPageCache({
          currentVersion: seam.currentContentVersion,
          renderVersion: seam.renderContentVersion,
          personalCookie: seam.personalCookie,
          pageVariant: seam.pageVariant,
          maxBytes: Number(process.env.PAGE_CACHE_MB ?? 64) * 1024 * 1024,
        })
      : null;
  if (pageCache) app.use(pageCache.lookup);
  // The nonce of this response's CSP, for <Scripts>, <ScrollRestoration> and React's own scripts;
  // none for a page that may be shared: one content version, one set of bytes on every process.
  const getLoadContext = (req: express.Request, res: express.Response) => ({ cspNonce: req.pageCacheFill ? undefined : (res.locals.cspNonce as string) });
  app.all("*", remixHandler({ build, seam, mode, getLoadContext, pageCache }));
  return app;
}
