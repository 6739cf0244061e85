// The cookies the site sets, read and recognised in requests. Their names and what the privacy notice
// says of each come from one registry (utils/cookies.ts). A request that carries the session or the
// toast is someone's own: it reads the primary database (read-routing.server.ts), and the page cache
// in front of React Router (server/page-cache.ts, through the build's seam) neither serves it a shared copy
// nor keeps what it is answered.
import { COOKIES } from "~/utils/cookies";

/** The admin session (auth.server.ts); `__Host-` when served over https in production. */
export const SESSION_COOKIE = COOKIES.session.name;
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

/**
 * remix-toast's flash message (root.tsx), set by its redirects: after a visitor's message, visit
 * request or owner's offer, and after an admin's action.
 */
export const TOAST_COOKIE = COOKIES.toast.name;

/** Whether a Cookie header holds the session cookie, in either spelling. */
export const SESSION_COOKIE_IN_HEADER = new RegExp(`(?:^|;\\s*)(?:__Host-)?${SESSION_COOKIE}=`);

/** Whether a Cookie header holds any cookie that makes a request personal. */
export const PERSONAL_COOKIE_IN_HEADER = new RegExp(`(?:^|;\\s*)(?:(?:__Host-)?${SESSION_COOKIE}|${TOAST_COOKIE})=`);

/**
 * The visitor's favourite listings (issue 22; utils/favoritos.ts): not personal in the sense above
 * (it holds no identity and reads the replica), but a page depends on it, so the page cache files the
 * pages of each list apart (seam.pageVariant; docs/decisions/0023-favourites-and-the-page-cache.md).
 */
export const FAVORITOS_COOKIE = COOKIES.favoritos.name;
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
