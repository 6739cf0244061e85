// Remix behind express, as @remix-run/express does it, with one step between rendering and sending:
// the Fetch Response is classified (Cache-Control) and, when it may be shared, kept by the page
// cache. Request/response conversion is @remix-run/express's own.
import { createRemixRequest, sendRemixResponse } from "@remix-run/express/dist/server.js";
import { createRequestHandler } from "@remix-run/node";
import { PERSONAL_CACHE_CONTROL, PUBLIC_CACHE_CONTROL, isPersonal } from "./page-cache.mjs";

const PRIVATE_PATHS = /^\/(admin|login|logout)(\/|\.data|$)/;
const DOCUMENTS = /^(text\/html|application\/json|text\/x-script|text\/plain|application\/xml)/;

/**
 * Cache-Control for what a route did not decide itself: nothing personal is ever stored by a
 * browser or proxy; a shareable public page may be held briefly by a CDN.
 */
export function cacheControlFor(req, response) {
  const type = response.headers.get("content-type") ?? "";
  if (PRIVATE_PATHS.test(req.path) || response.headers.has("set-cookie")) return PERSONAL_CACHE_CONTROL;
  // An admin's photos (/img, immutable) may stay cached; what a page or call says to them may not.
  if (isPersonal(req) && !type.startsWith("image/")) return PERSONAL_CACHE_CONTROL;
  if (response.headers.has("cache-control")) return null;
  if (req.pageCacheFill && response.status === 200) return PUBLIC_CACHE_CONTROL;
  return DOCUMENTS.test(type) ? "no-store" : null;
}

export function remixHandler({ build, mode, getLoadContext, pageCache }) {
  const handle = createRequestHandler(build, mode);
  return async (req, res, next) => {
    try {
      const request = createRemixRequest(req, res);
      const response = await handle(request, await getLoadContext?.(req, res));
      const cc = cacheControlFor(req, response);
      if (cc) response.headers.set("Cache-Control", cc);
      if (pageCache && (await pageCache.fill(req, res, response))) return;
      await sendRemixResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}
