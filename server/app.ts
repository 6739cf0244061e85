// The express app in front of React Router: the client's address, security headers, the refusals made
// before React Router (bad URL, cross-site write), compression, /metrics, static files, then React Router (with
// its body limits) and the page cache in front of it; the request log around all of it. Each
// concern is one middleware here; server/main.ts only starts and stops it.
import path from "node:path";
import type { ServerBuild } from "react-router";
import compression from "compression";
import express from "express";
import cluster from "node:cluster";
import { checkPath, refuse, sameOrigin } from "./guards.ts";
import { metricsEndpoint } from "./metrics-access.ts";
import { metricsText } from "./metrics-cluster.ts";
import { createMetrics } from "./metrics.ts";
import { createPageCache } from "./page-cache.ts";
import { routerHandler } from "./router.ts";
import { requestLogger } from "./request-log.ts";
import { routePatterns } from "./route-pattern.ts";
import type { ServerSeam } from "./seam.ts";
import { securityHeaders } from "./security.ts";
import { countVisualizacoes } from "./visualizacoes-hook.ts";

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
  // Nothing reads req.query (React Router, the cache and the guards read the URL itself), and qs
  // parsing every query string was 4 % of a cache hit of /venda?page=200 (docs/performance.md).
  app.set("query parser", false);
  app.use((req, _res, next) => {
    // The only source of the client IP the app reads (app/http/request.server.ts#clientIp).
    req.headers["x-imob-client-ip"] = req.ip ?? "";
    next();
  });
  // The page cache is made below; the metrics read its size only when scraped.
  let pageCache: ReturnType<typeof createPageCache> | null = null;
  const metrics = createMetrics({ figures: seam.operationsFigures, cacheStats: () => pageCache?.stats() ?? { entries: 0, bytes: 0 }, withRestarts: !cluster.isWorker });
  // First, so that every answer (a refusal, a static file, a cache hit) has its id and its line.
  app.use(requestLogger({ routeOf: routePatterns(build.routes, ["/metrics"]), metrics }));
  const publicUrl = process.env.PUBLIC_URL || `http://localhost:${process.env.PORT ?? 3000}`;
  // Before anything that answers, so every response (static files, /img, /api, 404s) has them.
  app.use(securityHeaders({ publicUrl, imgPublicUrl: process.env.IMG_PUBLIC_URL }));
  app.use(checkPath);
  app.use(sameOrigin({ publicUrl }));
  app.use(compression());
  // Before the page cache and React Router: never kept, never rendered.
  app.get("/metrics", metricsEndpoint(metricsText(metrics.registry), metrics.registry.contentType));
  app.use("/assets", express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }));
  // The few root files (favicon, logo…) all have an extension: a page's path never costs a stat.
  const rootFiles = express.static(path.join(buildDir, "client"), { maxAge: "1h" });
  app.use((req, res, next) => (/\.\w+$/.test(req.path) ? rootFiles(req, res, next) : next()));
  // Anonymous requests may read public data from DATABASE_REPLICA_URL; admins' never (app/http/read-routing.server.ts).
  app.use((req, _res, next) => seam.routeReads(req.headers, next));
  // Before the page cache: a hit of a listing's page is a view too.
  app.use(countVisualizacoes(seam.countVisualizacao));
  // After the read routing: a miss reads its content version from the database the render will use.
  pageCache =
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
  const getLoadContext = (req: express.Request, res: express.Response) => seam.requestContext(req.pageCacheFill ? undefined : (res.locals.cspNonce as string));
  app.all("*", routerHandler({ build, seam, mode, getLoadContext, pageCache }));
  // An error that reached express: logged once, on its request's line (request-log.ts), not by
  // express's own handler as free text.
  app.use((err: unknown, req: express.Request, res: express.Response, _next: express.NextFunction) => {
    res.locals.error = err;
    if (res.headersSent) return void req.socket.destroy();
    refuse(req, res, 500, "Erro interno do servidor. Tente novamente.");
  });
  return app;
}
