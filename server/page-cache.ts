// The shared page cache (docs/decisions/0012-page-cache.md): anonymous GETs of public pages and
// public /api reads, rendered once and kept compressed (br, gzip and identity) in a bounded
// in-process store, served with a strong ETag. Entries are filed under the content version
// (app/models/listings/content-version.server.ts), which every content write bumps in its transaction;
// the other processes of the machine learn of it before the write returns (server/cluster.ts), other
// machines within a second. A page that may be shared is a function of its URL, the content version
// and its variant (the favourites), never of the request or the clock: no per-request value (no CSP
// nonce: its inline scripts are allowed by hash), no date of its render (e2e/server-clock.spec.ts);
// so one content version gives the same bytes and ETag on every process and replica, any day.
import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import fresh from "fresh";
import { LRUCache } from "lru-cache";
import Negotiator from "negotiator";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** What may be shared: the public pages (and their single-fetch .data twins, a listing's calendario.ics) and public /api reads. */
const SHAREABLE = [
  /^\/(_\.data)?$/,
  /^\/(imoveis|locacao|venda|temporada|sobre|contato|favoritos|privacidade|anuncie)(\.data)?$/,
  /^\/imovel\/\d{1,10}(\.data|\/calendario\.ics)?$/,
  /^\/(robots\.txt|sitemap\.xml)$/,
  /^\/sitemap\/(paginas|imoveis-\d{1,9})\.xml$/,
  /^\/api\/(get_imoveis_home|get_imoveis_site|get_banner|buscar_imoveis)$/,
  /^\/api\/(get_imoveis_tipo|get_imovel_site_id)\/[^/]{1,40}$/,
];
const MAX_QUERY = 512;
// Headers the cache sets itself on every copy it sends.
const OWN_HEADERS = new Set(["content-type", "content-length", "content-encoding", "cache-control", "etag", "vary", "date", "content-security-policy"]);

/** For CDNs and proxies: hold a public page briefly; browsers always revalidate (ETag → 304). */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=30, stale-while-revalidate=60";
export const PERSONAL_CACHE_CONTROL = "private, no-store";
/**
 * A page of one kind of visitor (their favourites, `pageVariant`): kept here under its own key, but
 * never by a CDN or proxy, which would hand it to everyone (docs/decisions/0023-favourites-and-the-page-cache.md).
 */
export const VARIANT_CACHE_CONTROL = "private, max-age=0";

/** What lookup() notes on a request whose answer may be kept; `shared`: no variant. */
export type Fill = { key: string; version: number; current: number; shared: boolean };

declare module "express-serve-static-core" {
  interface Request {
    /** Set by the page cache's lookup(): this answer may be shared, and is filed under `version`. */
    pageCacheFill?: Fill;
  }
}

type Entry = {
  etag: string;
  type: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  csp: string | null;
  headers: [string, string][];
};

/** A request's own parts the cache reads: tests build these by hand. */
type Asked = Pick<Request, "method" | "originalUrl" | "headers">;

/**
 * Whether the request is someone's own: a bearer token, or a cookie the app names personal
 * (`personalCookie`: the session's and the toast's, app/http/cookies.server.ts, through the seam).
 */
export function isPersonal(req: Pick<Request, "headers">, personalCookie: RegExp) {
  return Boolean(req.headers.authorization) || personalCookie.test(req.headers.cookie ?? "");
}

/**
 * path + sorted query (+ the visitor's variant, when they have one), or null when the request may not
 * be shared.
 */
export function cacheKey(req: Asked, personalCookie: RegExp, variant = ""): string | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  if (isPersonal(req, personalCookie)) return null;
  const [path, query = ""] = req.originalUrl.split("?", 2);
  if (query.length > MAX_QUERY || !SHAREABLE.some((re) => re.test(path))) return null;
  const params = new URLSearchParams(query);
  params.sort();
  const q = params.toString();
  const key = q ? `${path}?${q}` : path;
  return variant ? `${key}\n${variant}` : key;
}

type Encoding = "br" | "gzip" | "identity";
const ENCODINGS: Encoding[] = ["br", "gzip", "identity"];
const PREFERRED: Encoding[] = ["br", "gzip"];

/**
 * br, gzip or identity for an Accept-Encoding header, by negotiator (what express's compression
 * uses): the client's q-values first, then br before gzip; identity when it accepts neither.
 */
export function pickEncoding(header = ""): Encoding {
  const negotiator = new Negotiator({ headers: { "accept-encoding": header } });
  // negotiator 0.6.4 takes the server's preference as a second argument (compression passes it the
  // same way); @types/negotiator 0.6 does not declare it.
  const encoding = negotiator.encoding as unknown as (available: Encoding[], preferred: Encoding[]) => Encoding | undefined;
  return encoding.call(negotiator, ENCODINGS, PREFERRED) ?? "identity";
}

// Measured on the home page (37.8 KB; 2 shared cores, under load): brotli 11 → 5.7 KB in ~140 ms,
// 9 → 6.2 KB in ~42 ms, 5 → 6.3 KB in 0.8 ms, 4 → 6.8 KB in 0.33 ms; gzip 6 → 7.0 KB in 0.3 ms,
// 9 → 6.9 KB in 0.6 ms. A kept copy is compressed once per page per content change: the smallest
// (br 11, gzip 9) is worth it there. A rendered answer pays per request; measured again on the
// 23.7 KB home and the 21.5 KB /imoveis (median of 15 × 200 runs): br 4 → 5.7 KB in 300 µs,
// br 3 → 6.0 KB in 128 µs, br 2 → 6.1 KB in 104 µs, br 1 → 6.7 KB in 65 µs; gzip 6 → 5.8 KB in
// 233 µs, gzip 3 → 6.2 KB in 88 µs. br 2 / gzip 3: 7 % more bytes for a third of the time, ~5 %
// of an admin's whole render (issue 11). `npm run bench:http` times these four on the home page.
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } };
const BROTLI_FAST = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 2 } };
const GZIP_FAST = { level: 3 };

/**
 * Sends a rendered (not shared) answer whole, compressed in one call: React writes a page in many
 * small chunks, and the compression middleware's per-chunk flushes and socket writes cost more
 * than the compression itself (CPU profile of an admin's home page).
 */
export function sendWhole(req: Request, res: Response, response: globalThis.Response, body: Buffer) {
  const encoding = body.length < 1024 ? "identity" : pickEncoding(req.headers["accept-encoding"]);
  const out = encoding === "br" ? zlib.brotliCompressSync(body, BROTLI_FAST) : encoding === "gzip" ? zlib.gzipSync(body, GZIP_FAST) : body;
  res.status(response.status);
  for (const [name, value] of response.headers) if (name !== "set-cookie" && name !== "content-length") res.setHeader(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length) res.setHeader("Set-Cookie", cookies);
  res.setHeader("Vary", "Accept-Encoding");
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", out.length);
  res.end(req.method === "HEAD" ? undefined : out);
}

export type PageCacheOptions = {
  currentVersion: () => Promise<number>;
  renderVersion: () => Promise<number>;
  personalCookie: RegExp;
  /** What else a page depends on, from the Cookie header ("" for most visitors): seam.pageVariant. */
  pageVariant?: (cookieHeader: string | undefined) => string;
  maxBytes?: number;
};

export type PageCache = ReturnType<typeof createPageCache>;

export function createPageCache({ currentVersion, renderVersion, personalCookie, pageVariant = () => "", maxBytes = 64 * 1024 * 1024 }: PageCacheOptions) {
  const store = new LRUCache<string, Entry>({
    maxSize: maxBytes,
    maxEntrySize: Math.max(1, Math.floor(maxBytes / 8)),
    sizeCalculation: (e) => e.identity.length + e.br.length + e.gzip.length + 512,
  });
  let filedVersion = -1;
  // Misses of one page at the same moment (right after a write) wait for one render, not N.
  const filling = new Map<string, Promise<void>>();

  function send(req: Request, res: Response, entry: Entry, cache: "HIT" | "MISS" | "STALE", shared: boolean) {
    res.setHeader("X-Cache", cache);
    res.setHeader("ETag", entry.etag);
    res.setHeader("Vary", "Accept-Encoding");
    res.setHeader("Cache-Control", shared ? PUBLIC_CACHE_CONTROL : VARIANT_CACHE_CONTROL);
    // The shared copy's scripts are allowed by hash: a per-request nonce cannot be in a shared page.
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    if (entry.csp) res.setHeader("Content-Security-Policy", entry.csp);
    // If-None-Match against the ETag by `fresh` (what express's req.fresh uses): weak and list forms,
    // *. Only that header is passed: fresh also answers "not fresh" to a request saying
    // Cache-Control: no-cache (what fetch() adds to every conditional request), but that directive
    // tells caches on the way to ask the origin — this server is the origin, and RFC 9110 §13.1.2
    // has it evaluate If-None-Match whatever the request's cache directives.
    if (fresh({ "if-none-match": req.headers["if-none-match"] }, { etag: entry.etag })) return res.status(304).end();
    const encoding = pickEncoding(req.headers["accept-encoding"]);
    const body = entry[encoding];
    res.status(200);
    res.setHeader("Content-Type", entry.type);
    if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", body.length);
    res.end(req.method === "HEAD" ? undefined : body);
  }

  /** Express middleware: serves a hit; on a miss, notes the version the render will be filed under. */
  async function lookup(req: Request, res: Response, next: NextFunction) {
    const variant = pageVariant(req.headers.cookie);
    const key = cacheKey(req, personalCookie, variant);
    if (!key) return next();
    try {
      const version = await currentVersion();
      if (version !== filedVersion) {
        store.clear();
        filedVersion = version;
      }
      let entry = store.get(key);
      if (!entry && filling.has(key)) {
        await filling.get(key);
        entry = store.get(key);
      }
      if (entry) return send(req, res, entry, "HIT", !variant);
      if (req.method === "GET" && !filling.has(key)) {
        let done = () => {};
        filling.set(key, new Promise<void>((resolve) => (done = resolve)));
        // However the request ends (kept, not kept, failed, cut): the waiters go on.
        res.once("close", () => {
          filling.delete(key);
          done();
        });
        req.pageCacheFill = { key, version: await renderVersion(), current: version, shared: !variant };
      }
    } catch {
      // The database cannot say which version is current (it is down): a kept copy is better than
      // the 503 page a render would give; without one, render (and get that 503).
      const stale = store.get(key);
      if (stale) return send(req, res, stale, "STALE", !variant);
    }
    next();
  }

  /**
   * Called by the React Router handler with the answer to a request lookup() marked, and its bytes: keeps
   * it when it may be shared (200, no cookie, not marked private) and sends it. False: not kept,
   * the caller sends the response as usual.
   */
  async function fill(req: Request, res: Response, response: globalThis.Response, identity: Buffer) {
    const fillInfo = req.pageCacheFill;
    if (!fillInfo || response.status !== 200 || response.headers.has("set-cookie")) return false;
    // A route that marks its answer private is not kept; a visitor's variant is private to CDNs only.
    const cc = response.headers.get("cache-control") ?? "";
    if ((cc !== VARIANT_CACHE_CONTROL && /private|no-store/i.test(cc)) || identity.length === 0) return false;
    const type = response.headers.get("content-type") ?? "text/html; charset=utf-8";
    // A shared copy is compressed once per content change, as small as it gets; a visitor's variant
    // is read by one visitor, and its ~140 ms of brotli 11 cost 28 ms of CPU per request when every
    // request was a new list (bench:http): it gets the per-render settings.
    const [br, gz] = await Promise.all(
      fillInfo.shared ? [brotli(identity, BROTLI_OPTIONS), gzip(identity, { level: 9 })] : [brotli(identity, BROTLI_FAST), gzip(identity, GZIP_FAST)],
    );
    const etag = `"${crypto.createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`;
    // Already the shared (hash-based) policy: the React Router handler set it for a page rendered to be shared.
    const cspHeader = res.getHeader("Content-Security-Policy");
    const csp = typeof cspHeader === "string" && type.startsWith("text/html") ? cspHeader : null;
    // The route's other headers (Link, X-Content-Type-Options…) go with every copy.
    const headers = [...response.headers].filter(([name]) => !OWN_HEADERS.has(name));
    const entry: Entry = { etag, type, identity, br, gzip: gz, csp, headers };
    // A replica behind the primary rendered an older version: serve it, but don't keep it.
    if (fillInfo.version === fillInfo.current && filedVersion === fillInfo.current) store.set(fillInfo.key, entry);
    send(req, res, entry, "MISS", fillInfo.shared);
    return true;
  }

  return { lookup, fill, stats: () => ({ entries: store.size, bytes: store.calculatedSize, version: filedVersion }) };
}
