// One JSON line per request (server/log.ts) and its figures for /metrics: the request id, the
// method, the route PATTERN (never the raw URL: a query holds what a visitor typed), the status,
// the duration, the page cache's answer (its X-Cache header: HIT, MISS, STALE, else none) and the
// worker (in every line's base). No header, cookie, body or query value is ever written. An error
// that reached express travels on the same line (`err`, with its stack), once.
import crypto from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { requestLog } from "./log.ts";
import type { Metrics } from "./metrics.ts";

/** What a proxy may hand us as an id: nginx's $request_id (32 hex), a UUID, a trace id. */
const GOOD_ID = /^[\w.:-]{1,128}$/;

type TrustFn = (address: string | undefined, hop: number) => boolean;

/**
 * The proxy's X-Request-Id when the request came through a proxy TRUST_PROXY names (express's
 * compiled "trust proxy fn" says whether the socket's peer is one); else a fresh UUID.
 */
export function requestIdOf(req: Request): string {
  const given = req.headers["x-request-id"];
  const trust = req.app.get("trust proxy fn") as TrustFn | undefined;
  if (typeof given === "string" && GOOD_ID.test(given) && trust?.(req.socket.remoteAddress, 0)) return given;
  return crypto.randomUUID();
}

export function requestLogger({ routeOf, metrics }: { routeOf: (pathname: string) => string; metrics: Metrics }) {
  return (req: Request, res: Response, next: NextFunction) => {
    const start = performance.now();
    const id = requestIdOf(req);
    // The app reads it from here (entry.server.tsx's handleError logs it): set on every request,
    // so a client cannot choose it (as x-imob-client-ip).
    req.headers["x-request-id"] = id;
    res.setHeader("X-Request-Id", id);
    res.once("close", () => {
      const seconds = (performance.now() - start) / 1000;
      // originalUrl: express.static's mount strips "/assets" from req.url.
      const route = routeOf(req.originalUrl.split("?", 1)[0]);
      const cache = res.getHeader("x-cache") as string | undefined;
      metrics.observe(route, req.method, res.statusCode, seconds, cache);
      const line: Record<string, unknown> = { reqId: id, method: req.method, route, status: res.statusCode, ms: Math.round(seconds * 10_000) / 10, cache: cache ?? "none" };
      if (!res.writableFinished) line.aborted = true;
      const err = res.locals.error as unknown;
      if (err) requestLog.error({ ...line, err }, "requisição com erro");
      else requestLog.info(line, "requisição");
    });
    next();
  };
}
