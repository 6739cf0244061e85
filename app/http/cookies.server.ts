// The name of every cookie the site sets, in one place. A request that carries one of them is
// someone's own: it reads the primary database (read-routing.server.ts), and the page cache in
// front of Remix (server/page-cache.ts, through the build's seam) neither serves it a shared copy
// nor keeps what it is answered.

/** The admin session (auth.server.ts); `__Host-` when served over https in production. */
export const SESSION_COOKIE = "imob_sessao";
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

/** remix-toast's flash message (root.tsx), set by its redirects after an admin's action. */
export const TOAST_COOKIE = "toast-session";

/** Whether a Cookie header holds the session cookie, in either spelling. */
export const SESSION_COOKIE_IN_HEADER = new RegExp(`(?:^|;\\s*)(?:__Host-)?${SESSION_COOKIE}=`);

/** Whether a Cookie header holds any cookie that makes a request personal. */
export const PERSONAL_COOKIE_IN_HEADER = new RegExp(`(?:^|;\\s*)(?:(?:__Host-)?${SESSION_COOKIE}|${TOAST_COOKIE})=`);

/**
 * The visitor's favourite listings (issue 22; utils/favoritos.ts): not personal in the sense above
 * (it holds no identity and reads the replica), but a page depends on it, so the page cache files the
 * pages of each list apart (seam.pageVariant; docs/decisions/0023-favourites-and-the-page-cache.md).
 */
export const FAVORITOS_COOKIE = "imob_favoritos";
const FAVORITOS_IN_HEADER = new RegExp(`(?:^|;\\s*)${FAVORITOS_COOKIE}=([^;]*)`);

/** The raw favourites value of a Cookie header, or null. */
export function favoritosCookieValue(header: string | null | undefined) {
  const m = header ? FAVORITOS_IN_HEADER.exec(header) : null;
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return null; // a malformed %-escape: no list, rather than a 500
  }
}
