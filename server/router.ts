// The React Router request handler, as @react-router/express's createRequestHandler, with three differences:
// the body reaches React Router through a byte counter, so a body past its limit (chunked or not) is
// refused with 413 as soon as the limit is passed, and no more of it is read; between rendering
// and sending, the response gets its Cache-Control and, when it may be shared, is kept by the page
// cache (server/page-cache.ts); and a page is sent whole, compressed once. Only public APIs of
// @react-router/node and react-router are used.
import type { IncomingHttpHeaders } from "node:http";
import { Transform, type TransformCallback } from "node:stream";
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import type { NextFunction, Request, Response } from "express";
import { sharedCsp } from "./csp.ts";
import { refuse } from "./guards.ts";
import { PERSONAL_CACHE_CONTROL, PUBLIC_CACHE_CONTROL, VARIANT_CACHE_CONTROL, isPersonal, sendWhole, type PageCache } from "./page-cache.ts";
import type { ServerSeam } from "./seam.ts";

/** The request's headers as a Fetch Headers (a repeated header keeps every value). */
function fetchHeaders(incoming: IncomingHttpHeaders) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value != null) headers.set(name, value);
  }
  return headers;
}

/** A streamed answer (photos, files) as it comes: status, every header, then the body. */
async function sendStreamed(res: Response, response: globalThis.Response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) res.append(name, value);
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

/** Anonymous bodies (contact form, login, public /api): a form is a few KB. */
export const ANONYMOUS_BODY_BYTES = 64 * 1024;
/** Admin uploads: app/http/uploads.server.ts MAX_TOTAL_BYTES (120 MiB) plus multipart framing. */
export const UPLOAD_BODY_BYTES = 121 * 1024 * 1024;
/** The import form's XML file (issue 32: 200 MB, FEED_MAX_BYTES) plus framing; deploy/nginx.conf follows it. */
export const IMPORT_BODY_BYTES = 200_000_000 + 2 * 1024 * 1024;

/** 'Anuncie seu imóvel' (issue 23): an owner's ten photos, anonymous; routes/_site.anuncie.tsx ANUNCIE_MAX_BYTES + framing. */
export const ANUNCIE_BODY_BYTES = 41 * 1024 * 1024;

/**
 * The byte limit of a request's body. Only admin pages and /api calls that carry credentials
 * (a cookie or a bearer token) get the upload limit; the app checks those credentials before it
 * reads a body, so a fake cookie buys nothing but a 401/redirect.
 */
export function bodyLimit(req: Request) {
  const credentials = !!req.get("cookie") || !!req.get("authorization");
  // The import's XML file (issue 32): up to 200 MB (app/models/imports/import-run.server.ts FEED_MAX_BYTES) plus framing.
  if (credentials && (req.path === "/admin/importar" || req.path === "/admin/importar.data")) return IMPORT_BODY_BYTES;
  const uploadPath = req.path.startsWith("/admin/") || req.path.startsWith("/api/");
  if (credentials && uploadPath) return UPLOAD_BODY_BYTES;
  // With JavaScript, React Router posts the form to the route's data URL (/anuncie.data).
  return req.path === "/anuncie" || req.path === "/anuncie.data" ? ANUNCIE_BODY_BYTES : ANONYMOUS_BODY_BYTES;
}

const tooLarge = (limit: number) => `Envio grande demais: o limite é de ${limit >= 1024 * 1024 ? `${Math.round(limit / (1024 * 1024))} MB` : `${Math.round(limit / 1024)} KB`}.`;

/** After a 413, how long a client still sending gets to read it before the connection is cut. */
const LINGER_MS = 1000;

/**
 * Answers 413 and reads nothing more of the body: the socket is left unread (TCP holds the client
 * back, the server's memory stays flat) for LINGER_MS, so a client still sending reads our answer
 * rather than a reset; then the connection is cut.
 */
function refuseBody(req: Request, res: Response, limit: number) {
  refuse(req, res, 413, tooLarge(limit));
  req.unpipe();
  req.removeAllListeners("data");
  req.pause();
  // Marks the request as being consumed, or Node would read (and drop) the whole rest at the end
  // of the response to keep the connection alive (http server's req._dump()).
  req.read(0);
  const cut = () => setTimeout(() => req.socket?.destroy(), LINGER_MS).unref();
  if (res.writableFinished) cut();
  else res.once("finish", cut);
}

/** req through a counter that refuses (and aborts the React Router request) past `limit` bytes. */
function countedBody(req: Request, res: Response, limit: number, controller: AbortController) {
  let seen = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
      seen += chunk.length;
      if (seen <= limit) return done(null, chunk);
      // Aborted first: React Router then neither logs the broken body nor answers (the 413 is ours).
      controller.abort();
      refuseBody(req, res, limit);
      done(new Error("request body over its limit"));
    },
  });
  req.on("error", (e) => counter.destroy(e));
  return req.pipe(counter);
}

/** The web Request React Router gets for `req`, its body counted against `limit` (exported for the tests). */
export function routerRequest(req: Request, res: Response, limit: number) {
  // As @react-router/express: req.hostname honours "trust proxy"; the port comes from the Host header.
  const port = (req.get("x-forwarded-host") ?? req.get("host") ?? "").split(":")[1];
  const url = new URL(`${req.protocol}://${req.hostname}${/^\d+$/.test(port ?? "") ? `:${port}` : ""}${req.originalUrl}`);
  const controller = new AbortController();
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers: fetchHeaders(req.headers), signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(countedBody(req, res, limit, controller));
    init.duplex = "half";
  }
  let finished = false;
  res.on("finish", () => (finished = true));
  res.on("close", () => finished || controller.abort());
  return new Request(url.href, init);
}

type Handler = NonNullable<NonNullable<ServerBuild["routes"][string]>["module"]["loader"]>;

/**
 * The build with every loader and action wrapped: an error the seam's `unavailableResponse`
 * recognizes (the database is down) is thrown as its 503 Response, which React Router hands to the
 * route's ErrorBoundary, in the HTML and in client navigations alike.
 */
export function withUnavailable(build: ServerBuild, unavailable: ServerSeam["unavailableResponse"]): ServerBuild {
  const wrap = (fn: Handler | undefined): Handler | undefined =>
    fn &&
    (async (args) => {
      try {
        return await fn(args);
      } catch (e) {
        throw unavailable(e) ?? e;
      }
    });
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => [
      id,
      route && { ...route, module: { ...route.module, loader: wrap(route.module.loader), action: wrap(route.module.action) } },
    ]),
  );
  return { ...build, routes };
}

const PRIVATE_PATHS = /^\/(admin|login|logout)(\/|\.data|$)/;
const DOCUMENTS = /^(text\/html|application\/json|text\/x-script|text\/plain|application\/xml)/;

/**
 * Cache-Control for what a route did not decide itself: nothing personal is ever stored by a
 * browser or proxy; a shareable public page may be held briefly by a CDN.
 */
export function cacheControlFor(req: Request, response: globalThis.Response, personalCookie: RegExp) {
  const type = response.headers.get("content-type") ?? "";
  if (PRIVATE_PATHS.test(req.path) || response.headers.has("set-cookie")) return PERSONAL_CACHE_CONTROL;
  // An admin's photos (/img, immutable) may stay cached; what a page or call says to them may not.
  if (isPersonal(req, personalCookie) && !type.startsWith("image/")) return PERSONAL_CACHE_CONTROL;
  if (response.headers.has("cache-control")) return null;
  if (req.pageCacheFill && response.status === 200) return req.pageCacheFill.shared ? PUBLIC_CACHE_CONTROL : VARIANT_CACHE_CONTROL;
  return DOCUMENTS.test(type) ? "no-store" : null;
}

export type RouterHandlerOptions = {
  build: ServerBuild;
  seam: ServerSeam;
  mode?: string;
  getLoadContext?: (req: Request, res: Response) => RouterContextProvider;
  pageCache: PageCache | null;
};

export function routerHandler({ build, seam, mode, getLoadContext, pageCache }: RouterHandlerOptions) {
  const handle = createRequestHandler(withUnavailable(build, seam.unavailableResponse), mode);
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const limit = bodyLimit(req);
      // A declared length past the limit is refused unread.
      if (Number(req.get("content-length")) > limit) return refuseBody(req, res, limit);
      const response = await handle(routerRequest(req, res, limit), getLoadContext?.(req, res));
      // Refused mid-stream: the 413 is already written.
      if (res.headersSent) return;
      const cc = cacheControlFor(req, response, seam.personalCookie);
      if (cc) response.headers.set("Cache-Control", cc);
      const type = response.headers.get("content-type") ?? "";
      // Pages and data (no streamed/deferred data in this app) are sent whole, compressed once;
      // so is whatever the page cache may keep.
      // A body whose length the route already knows (a file it streams, like the portals' feed) goes as it comes.
      const whole = !!response.body && DOCUMENTS.test(type) && !response.headers.has("content-encoding") && !response.headers.has("content-length");
      if (!whole && !req.pageCacheFill) {
        // Appended by sendStreamed: a header the app sets itself (the /img route's nosniff)
        // replaces security.ts's instead of doubling it ("nosniff, nosniff" is invalid).
        for (const key of response.headers.keys()) if (key !== "set-cookie") res.removeHeader(key);
        return await sendStreamed(res, response);
      }
      const body = seam.renderedDocument(response) ?? Buffer.from(await response.arrayBuffer());
      // A page that may be shared was rendered without this request's nonce (server/app.ts):
      // its inline scripts are allowed by their hashes, whether the cache keeps it or not.
      const csp = res.getHeader("Content-Security-Policy");
      if (req.pageCacheFill && typeof csp === "string" && type.startsWith("text/html")) {
        res.setHeader("Content-Security-Policy", sharedCsp(csp, body.toString("utf8")));
      }
      if (pageCache && (await pageCache.fill(req, res, response, body))) return;
      for (const key of response.headers.keys()) res.removeHeader(key);
      return sendWhole(req, res, response, body);
    } catch (error) {
      if (res.headersSent) return;
      next(error);
    }
  };
}
