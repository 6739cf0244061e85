export const ADMIN_HOME = "/admin/imovel";

// The origin used only to check that a path stays on the site.
const PROBE = "http://probe.invalid";

/**
 * `to` when it is a path on this site, otherwise `fallback`. Refuses `//host`, `/\host`, schemes,
 * and control characters (a browser drops tabs and newlines, turning `/\t/host` into `//host`).
 */
export function safeRedirect(to: unknown, fallback = ADMIN_HOME): string {
  if (typeof to !== "string" || !to.startsWith("/")) return fallback;
  if (to.startsWith("//") || to.startsWith("/\\")) return fallback;
  if (/[\u0000-\u001f\u007f]/.test(to)) return fallback;
  try {
    if (new URL(to, PROBE).origin !== PROBE) return fallback;
  } catch {
    return fallback;
  }
  return to;
}
