// Security headers on every response (pages, /img, /api, assets, 404s): helmet, with a CSP whose
// script-src is a nonce made here per request. The nonce reaches React Router through getLoadContext
// (server/app.ts) and is written into the HTML only as nonce="…" attributes (app/entry.server.tsx),
// so a page cache can later swap the nonce in this header for hashes of the scripts it keeps.
import crypto from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import helmet from "helmet";

/** The origin of the map the contact page embeds (app/routes/_site.contato.tsx). */
export const MAP_ORIGIN = "https://www.google.com";
/** A listing's video player (issue 23; app/utils/video.ts), loaded only when the visitor asks. */
export const VIDEO_ORIGIN = "https://www.youtube-nocookie.com";

/** The origin of an optional CDN serving the photos (IMG_PUBLIC_URL): /img/<name> redirects there. */
function originOf(value: string | undefined) {
  try {
    return value ? new URL(value).origin : null;
  } catch {
    return null;
  }
}

/** What the browser may run and load. Exported for the tests, which compare header and page. */
export function cspDirectives({ imgPublicUrl, https }: { imgPublicUrl?: string; https: boolean }) {
  const cdn = originOf(imgPublicUrl);
  return {
    defaultSrc: ["'self'"],
    // Only scripts carrying this response's nonce, and what they load ('strict-dynamic'): the
    // React Router entry module and its route chunks. No host list, no 'unsafe-inline'.
    scriptSrc: [(_req: unknown, res: unknown) => `'nonce-${(res as Response).locals.cspNonce}'`, "'strict-dynamic'"],
    // React style={…}, Quill, Cropper and Swiper set style attributes and <style> elements at run time.
    styleSrc: ["'self'", "'unsafe-inline'"],
    // data: for inline SVG backgrounds and the cropper's canvas previews; blob: for photo previews
    // of files picked in the upload form (URL.createObjectURL).
    imgSrc: ["'self'", "data:", "blob:", ...(cdn ? [cdn] : [])],
    fontSrc: ["'self'", "data:"],
    connectSrc: ["'self'"],
    frameSrc: [MAP_ORIGIN, VIDEO_ORIGIN],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    // Only on https: on http://localhost it would send the browser to an https port nobody serves.
    upgradeInsecureRequests: https ? [] : null,
    scriptSrcAttr: ["'none'"],
  };
}

/** Features a property site never uses; the map and video iframes keep their own (fullscreen) permission. */
const PERMISSIONS_POLICY = [
  "camera=()",
  "microphone=()",
  "geolocation=()",
  "payment=()",
  "usb=()",
  "interest-cohort=()",
  "browsing-topics=()",
  `fullscreen=(self "${MAP_ORIGIN}" "${VIDEO_ORIGIN}")`,
].join(", ");

/** helmet's settings for this site. */
export function helmetOptions({ publicUrl, imgPublicUrl }: { publicUrl: string; imgPublicUrl?: string }): Parameters<typeof helmet>[0] {
  const https = (publicUrl ?? "").startsWith("https:");
  return {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives({ imgPublicUrl, https }) },
    // HSTS only when the site is really served over https; on http it would be ignored at best.
    strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: false } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    xFrameOptions: { action: "deny" },
    // Cross-origin isolation would break the Google Maps frame and a CDN for photos: not wanted.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: "same-site" },
  };
}

/** A nonce: 16 random bytes, taken from a pool filled 256 nonces at a time (as Node does for randomUUID). */
const pool = Buffer.alloc(16 * 256);
let poolAt = pool.length;
export function newNonce() {
  if (poolAt === pool.length) {
    crypto.randomFillSync(pool);
    poolAt = 0;
  }
  poolAt += 16;
  return pool.toString("base64", poolAt - 16, poolAt);
}

/** Where the nonce goes in the CSP that helmet writes once, at start (never a nonce's character). */
const NONCE_SLOT = "\u0000nonce\u0000";

/**
 * helmet's headers for these settings, asked once: helmet builds its CSP again at every request when a
 * directive is a function (the nonce), and sets a dozen headers one middleware at a time. Its answer
 * for a request whose nonce is NONCE_SLOT gives the same headers for any request, with the CSP in two
 * parts around the nonce (tests/integration/http-guards.test.ts compares them with helmet per request).
 */
export function helmetHeaders(options: Parameters<typeof helmet>[0]) {
  const headers = new Map<string, string>();
  const res = {
    locals: { cspNonce: NONCE_SLOT },
    setHeader: (name: string, value: string) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  let failed: unknown = null;
  helmet(options)({ method: "GET", headers: {} } as never, res as never, (err?: unknown) => (failed = err ?? null));
  if (failed) throw failed;
  const fixed: [string, string][] = [];
  let csp: [string, string] | null = null;
  for (const [name, value] of headers) {
    if (!value.includes(NONCE_SLOT)) fixed.push([name, value]);
    else if (value.split(NONCE_SLOT).length === 2 && !csp) csp = [name, value] as [string, string];
    else throw new Error(`helmet: o nonce em um lugar inesperado (${name})`);
  }
  if (!csp) throw new Error("helmet: nenhum cabeçalho com o nonce");
  const [cspName, cspValue] = csp;
  const [before, after] = cspValue.split(NONCE_SLOT);
  return { fixed, csp: (nonce: string) => [cspName, before + nonce + after] as const };
}

/**
 * The middleware: a fresh nonce in res.locals.cspNonce, then helmet's headers (set with
 * res.setHeader before anything else answers, so static files, /img, /api and 404s carry them).
 */
export function securityHeaders({ publicUrl, imgPublicUrl }: { publicUrl: string; imgPublicUrl?: string }) {
  const { fixed, csp } = helmetHeaders(helmetOptions({ publicUrl, imgPublicUrl }));
  return function security(req: Request, res: Response, next: NextFunction) {
    const nonce = newNonce();
    res.locals.cspNonce = nonce;
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    res.setHeader(...csp(nonce));
    for (const [name, value] of fixed) res.setHeader(name, value);
    // The listing photos are public and the original /api client may show them from its own
    // origin: /img may be embedded anywhere; everything else only by this site.
    if (req.path.startsWith("/img/")) res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
    next();
  };
}
