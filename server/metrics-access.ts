// Who may read /metrics: a scraper with `Authorization: Bearer $METRICS_TOKEN`, or one on this
// machine. "On this machine" needs both addresses to be loopback: the socket's (nothing between)
// and the client's as express computes it with TRUST_PROXY. Behind nginx on the same host every
// socket is loopback, but the client is the visitor (X-Forwarded-For); and a client that sends
// its own X-Forwarded-For: 127.0.0.1 straight to the port is not on a loopback socket.
import crypto from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { refuse } from "./guards.ts";

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

const digest = (s: string) => crypto.createHash("sha256").update(s).digest();

export type Access = "ok" | "unauthorized" | "forbidden";

export function metricsAccess(req: Pick<Request, "headers" | "socket" | "ip">, token: string | undefined): Access {
  const auth = req.headers.authorization;
  if (auth) {
    const bearer = /^Bearer (\S+)$/i.exec(auth)?.[1];
    // Compared as digests: equal lengths, and no timing to learn the token from.
    return token && bearer && crypto.timingSafeEqual(digest(bearer), digest(token)) ? "ok" : "unauthorized";
  }
  if (LOOPBACK.test(req.socket.remoteAddress ?? "") && LOOPBACK.test(req.ip ?? "")) return "ok";
  return token ? "unauthorized" : "forbidden";
}

/** GET /metrics: the text, never kept by any cache; refused (401/403) to anyone else. */
export function metricsEndpoint(text: () => Promise<string>, contentType: string, token = process.env.METRICS_TOKEN || undefined) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const access = metricsAccess(req, token);
    if (access === "unauthorized") {
      res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
      return refuse(req, res, 401, "Métricas: informe o token (Authorization: Bearer).");
    }
    if (access === "forbidden") return refuse(req, res, 403, "Métricas disponíveis só para esta máquina (ou com METRICS_TOKEN).");
    try {
      const body = await text();
      res.setHeader("Cache-Control", "no-store");
      res.setHeader("Content-Type", contentType);
      res.end(body);
    } catch (e) {
      next(e);
    }
  };
}
