// The shared page cache (docs/decisions/0012-page-cache.md): anonymous GETs of public pages and
// public /api reads, rendered once and kept compressed (br, gzip and identity) in a bounded
// in-process store, served with a strong ETag. Entries are filed under the content version
// (app/models/content-version.server.ts), which every content write bumps in its transaction;
// a process re-reads it at most once a second, so another process's write shows within 1 s.
import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { LRUCache } from "lru-cache";
import { sharedCsp } from "./csp.mjs";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** What may be shared: the public pages (and their single-fetch .data twins) and public /api reads. */
const SHAREABLE = [
  /^\/(_root\.data)?$/,
  /^\/(imoveis|locacao|venda|temporada|sobre|contato)(\.data)?$/,
  /^\/imovel\/\d{1,10}(\.data)?$/,
  /^\/(robots\.txt|sitemap\.xml)$/,
  /^\/api\/(get_imoveis_home|get_imoveis_site|get_banner|buscar_imoveis)$/,
  /^\/api\/(get_imoveis_tipo|get_imovel_site_id)\/[^/]{1,40}$/,
];
// The session cookie (app/http/auth.server.ts) and a pending toast (app/root.tsx): personal.
const PERSONAL_COOKIE = /(?:^|;\s*)(?:__Host-)?(?:imob_sessao|toast-session)=/;
const MAX_QUERY = 512;
// Headers the cache sets itself on every copy it sends.
const OWN_HEADERS = new Set(["content-type", "content-length", "content-encoding", "cache-control", "etag", "vary", "date", "content-security-policy"]);

/** For CDNs and proxies: hold a public page briefly; browsers always revalidate (ETag → 304). */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=30, stale-while-revalidate=60";
export const PERSONAL_CACHE_CONTROL = "private, no-store";

/** Whether the request is someone's own: a session, a toast, a bearer token. */
export function isPersonal(req) {
  return Boolean(req.headers.authorization) || PERSONAL_COOKIE.test(req.headers.cookie ?? "");
}

/** path + sorted query, or null when the request may not be shared. */
export function cacheKey(req) {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  if (isPersonal(req)) return null;
  const [path, query = ""] = req.originalUrl.split("?", 2);
  if (query.length > MAX_QUERY || !SHAREABLE.some((re) => re.test(path))) return null;
  const params = new URLSearchParams(query);
  params.sort();
  const q = params.toString();
  return q ? `${path}?${q}` : path;
}

/** br, gzip or identity, from Accept-Encoding (an explicit q=0 refuses a coding). */
export function pickEncoding(header = "") {
  const accepts = (coding) => new RegExp(`(?:^|,)\\s*${coding}\\s*(?:;\\s*q=(?!0(?:\\.0*)?\\s*(?:,|$))[\\d.]+)?\\s*(?:,|$)`, "i").test(header);
  if (accepts("br")) return "br";
  if (accepts("gzip")) return "gzip";
  return "identity";
}

function matchesEtag(header, etag) {
  if (!header) return false;
  return header.split(",").some((t) => {
    const tag = t.trim().replace(/^W\//, "");
    return tag === etag || tag === "*";
  });
}

// Measured on the home page (docs/performance.md): brotli 11 is ~5 % smaller than 6 for ~4× the
// time, paid once per page per content change, so the best quality is kept.
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } };

/**
 * @param {{ currentVersion: () => Promise<number>, renderVersion: () => Promise<number>, maxBytes?: number }} opts
 */
export function createPageCache({ currentVersion, renderVersion, maxBytes = 64 * 1024 * 1024 }) {
  const store = new LRUCache({
    maxSize: maxBytes,
    maxEntrySize: Math.max(1, Math.floor(maxBytes / 8)),
    sizeCalculation: (e) => e.identity.length + e.br.length + e.gzip.length + 512,
  });
  let filedVersion = -1;

  function send(req, res, entry, cache) {
    res.setHeader("X-Cache", cache);
    res.setHeader("ETag", entry.etag);
    res.setHeader("Vary", "Accept-Encoding");
    res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL);
    // The shared copy's scripts are allowed by hash: a per-request nonce cannot be in a shared page.
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    if (entry.csp) res.setHeader("Content-Security-Policy", entry.csp);
    if (matchesEtag(req.headers["if-none-match"], entry.etag)) return res.status(304).end();
    const encoding = pickEncoding(req.headers["accept-encoding"]);
    const body = entry[encoding];
    res.status(200);
    res.setHeader("Content-Type", entry.type);
    if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", body.length);
    res.end(req.method === "HEAD" ? undefined : body);
  }

  /** Express middleware: serves a hit; on a miss, notes the version the render will be filed under. */
  async function lookup(req, res, next) {
    const key = cacheKey(req);
    if (!key) return next();
    try {
      const version = await currentVersion();
      if (version !== filedVersion) {
        store.clear();
        filedVersion = version;
      }
      const entry = store.get(key);
      if (entry) return send(req, res, entry, "HIT");
      if (req.method === "GET") req.pageCacheFill = { key, version: await renderVersion(), current: version };
    } catch {
      // The database cannot say which version is current: render as if there were no cache.
    }
    next();
  }

  /**
   * Called by the Remix handler with the Fetch Response of a request lookup() marked: keeps it
   * when it may be shared (200, no cookie, not marked private) and sends it. False: not kept, the
   * caller sends the response as usual.
   */
  async function fill(req, res, response) {
    const fillInfo = req.pageCacheFill;
    if (!fillInfo || response.status !== 200 || response.headers.has("set-cookie")) return false;
    const cc = response.headers.get("cache-control") ?? "";
    if (/private|no-store/i.test(cc) || !response.body) return false;
    const identity = Buffer.from(await response.arrayBuffer());
    const type = response.headers.get("content-type") ?? "text/html; charset=utf-8";
    const [br, gz] = await Promise.all([brotli(identity, BROTLI_OPTIONS), gzip(identity, { level: 9 })]);
    const etag = `"${crypto.createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`;
    const cspHeader = res.getHeader("Content-Security-Policy");
    const csp = typeof cspHeader === "string" && type.startsWith("text/html") ? sharedCsp(cspHeader, identity.toString("utf8")) : null;
    // The route's other headers (Link, X-Content-Type-Options…) go with every copy.
    const headers = [...response.headers].filter(([name]) => !OWN_HEADERS.has(name));
    const entry = { etag, type, identity, br, gzip: gz, csp, headers };
    // A replica behind the primary rendered an older version: serve it, but don't keep it.
    if (fillInfo.version === fillInfo.current && filedVersion === fillInfo.current) store.set(fillInfo.key, entry);
    send(req, res, entry, "MISS");
    return true;
  }

  return { lookup, fill, stats: () => ({ entries: store.size, bytes: store.calculatedSize, version: filedVersion }) };
}
