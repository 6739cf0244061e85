export const ADMIN_HOME = "/admin/imovel";

// The origin used only to check that a path stays on the site.
const PROBE = "http://probe.invalid";

/**
 * `to` when it is a path on this site, otherwise `fallback`. Refuses `//host`, `/\host`, schemes,
 * and control characters (a browser drops tabs and newlines, turning `/\t/host` into `//host`).
 * The path comes back re-encoded by the URL parser (`/imóvel` → `/im%C3%B3vel`): pure ASCII, so a
 * character outside Latin-1 can never make the Location header throw.
 */
export function safeRedirect(to: unknown, fallback = ADMIN_HOME): string {
  if (typeof to !== "string" || !to.startsWith("/")) return fallback;
  if (to.startsWith("//") || to.startsWith("/\\")) return fallback;
  if (/\p{Cc}/u.test(to)) return fallback; // control characters (C0, DEL, C1)
  try {
    const url = new URL(to, PROBE);
    if (url.origin !== PROBE) return fallback;
    const path = url.pathname + url.search + url.hash;
    // Lone surrogates and the like survive the parser as-is: anything not ASCII is refused.
    return /^[\x21-\x7e]*$/.test(path) ? path : fallback;
  } catch {
    return fallback;
  }
}
