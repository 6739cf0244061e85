// Facts about the request that server.mjs vouches for: the client's address and its origin.
import { getEnv } from "~/env.server";

/**
 * Set by server.mjs from express's req.ip (which honours X-Forwarded-For only from the proxies
 * named in TRUST_PROXY) and overwritten on every request, so a client cannot choose its own IP.
 */
export const CLIENT_IP_HEADER = "x-imob-client-ip";

export function clientIp(request: Request) {
  return (request.headers.get(CLIENT_IP_HEADER) || "local").slice(0, 45);
}

/**
 * Whether a cookie-carrying request comes from the site itself. Browsers send Sec-Fetch-Site
 * and/or Origin; without either (older clients), only a page script can add X-Requested-With or
 * a CSRF header, and another site's script cannot without a CORS preflight this app never grants.
 */
export function isSameOriginRequest(request: Request): boolean {
  const site = request.headers.get("Sec-Fetch-Site");
  if (site === "same-origin" || site === "none") return true;
  const origin = request.headers.get("Origin");
  if (origin != null && origin === new URL(getEnv().PUBLIC_URL).origin) return true;
  if (site != null || origin != null) return false;
  return ["X-Requested-With", "X-CSRF-Token", "X-XSRF-Token"].some((h) => !!request.headers.get(h));
}

/**
 * The path of the page a request is for. React Router hands loaders and actions the request as it
 * came: a client-side navigation asks for a page's data at `<path>.data` (`/_.data` for `/`,
 * `<path>/_.data` for a path ending in a slash).
 */
export function pagePath(request: Request) {
  return new URL(request.url).pathname.replace(/(^|\/)_\.data$/, "$1").replace(/\.data$/, "");
}
