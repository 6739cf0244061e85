// Refusals made before React Router sees a request: a malformed URL (400), a cross-site write (403) and a
// body past its byte limit (413). Each answers a small Portuguese page, or the app's JSON error
// shape `{ error }` under /api (app/http/responses.server.ts), and never reaches a 500.

import type { NextFunction, Request, Response } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A refusal in the shape the client expects: JSON under /api, a tiny HTML page elsewhere. */
export function refuse(req: Request, res: Response, status: number, message: string) {
  if (res.headersSent) return;
  res.setHeader("Cache-Control", "no-store");
  if (req.path.startsWith("/api/")) return res.status(status).json({ error: message });
  res
    .status(status)
    .type("html")
    .send(
      `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>${escapeHtml(message)}</title></head><body><main><h1>${escapeHtml(message)}</h1>` +
        `<p><a href="/">Voltar ao início</a></p></main></body></html>`,
    );
}

// ---- URLs ---------------------------------------------------------------------------------

/** The path decoded, or null when its percent-encoding is not valid UTF-8 (`/%C0`, `/%E0%A4%A`). */
export function decodedPath(originalUrl: string): string | null {
  try {
    return decodeURIComponent(originalUrl.split("?")[0]);
  } catch {
    return null;
  }
}

/** 400 for a path that does not decode; 404 for `..` segments (e.g. /img/../package.json). */
export function checkPath(req: Request, res: Response, next: NextFunction) {
  const raw = decodedPath(req.originalUrl);
  if (raw == null) return refuse(req, res, 400, "Endereço inválido.");
  if (/(^|[\\/])\.\.([\\/]|$)/.test(raw)) return res.status(404).type("text/plain").send("Não encontrado");
  next();
}

// ---- Same origin --------------------------------------------------------------------------

function originOf(value: string | undefined) {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * Where an unsafe request comes from: "same" (this site), "cross" (another site), or "unknown"
 * (no Origin, Sec-Fetch-Site nor Referer: not a browser, so not a forged browser request).
 */
export function requestSite(req: Request, publicUrl: string): "same" | "cross" | "unknown" {
  // The request's own host, the host a trusted proxy says it was sent to, and PUBLIC_URL.
  const trusted = (req.app.get("trust proxy fn") as ((addr: string | undefined, i: number) => boolean) | undefined)?.(req.socket.remoteAddress, 0);
  const forwarded = trusted ? req.get("x-forwarded-host")?.split(",")[0].trim() : undefined;
  const hosts = [req.get("host"), forwarded].filter((h): h is string => !!h).map((h) => `${req.protocol}://${h}`);
  const own = new Set<string | null>([...hosts.map(originOf), originOf(publicUrl)].filter((o): o is string => !!o));
  const origin = req.get("origin");
  if (origin != null) return own.has(originOf(origin)) ? "same" : "cross";
  const site = req.get("sec-fetch-site");
  if (site != null) return site === "same-origin" || site === "none" ? "same" : "cross";
  const referer = req.get("referer");
  if (referer != null) return own.has(originOf(referer)) ? "same" : "cross";
  return "unknown";
}

/**
 * An alert's unsubscribe URL (issue 32 §2): RFC 8058's one-click POST comes from a mail client or its
 * provider, on another origin, with no cookie; the unguessable token in the path is the whole
 * credential (no ambient authority to forge), so it passes whatever its origin.
 */
const ONE_CLICK_UNSUBSCRIBE = /^\/alertas\/sair\/[A-Za-z0-9_-]{1,100}$/;

/**
 * One rule for every non-GET/HEAD/OPTIONS request: it must come from this site. The exceptions are
 * /api without cookies (the original client's bearer-token calls): nothing ambient to abuse; and an
 * alert's one-click unsubscribe.
 * A request that passes is normalized (Origin removed, Sec-Fetch-Site stated) so React Router's own guard,
 * which compares Origin with Host and throws (a 500) behind proxies, has nothing left to refuse.
 */
export function sameOrigin({ publicUrl }: { publicUrl: string }) {
  return function sameOriginGuard(req: Request, res: Response, next: NextFunction) {
    if (SAFE_METHODS.has(req.method)) return next();
    const site = requestSite(req, publicUrl);
    const cookieless = !req.get("cookie");
    if (site === "cross" && !(req.path.startsWith("/api/") && cookieless) && !ONE_CLICK_UNSUBSCRIBE.test(req.path)) {
      return refuse(req, res, 403, "Requisição de outro site recusada: envie o formulário a partir desta página.");
    }
    delete req.headers.origin;
    // The app's own check (app/http/request.server.ts#isSameOriginRequest) reads this verdict.
    req.headers["sec-fetch-site"] = site === "cross" ? "cross-site" : site === "same" ? "same-origin" : undefined;
    if (site === "unknown") delete req.headers["sec-fetch-site"];
    next();
  };
}
