// Who is asking: the admin session cookie, /api bearer tokens, and the guards of admin pages and calls.
import { createCookie, redirect, type Cookie } from "react-router";
import { getEnv, type Env } from "~/env.server";
import {
  ABSOLUTE_LIFETIME_MS,
  SESSION_ID,
  createSession,
  endOtherSessions,
  endSession,
  findSessionUser,
  type SessionUser,
} from "~/models/accounts/session.server";
import type { AdminUser } from "~/models/accounts/user.server";
import type { Actor } from "~/models/history/history.server";
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from "./cookies.server";
import { clientIp, isSameOriginRequest, pagePath } from "./request.server";
import { jsonError } from "./responses.server";

/** Name and flags of the session cookie: Secure and `__Host-` only when served over https in production. */
export function sessionCookieSettings(env: Pick<Env, "NODE_ENV" | "PUBLIC_URL">) {
  const secure = env.NODE_ENV === "production" && env.PUBLIC_URL.startsWith("https:");
  return {
    name: secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE,
    options: { httpOnly: true, sameSite: "lax" as const, path: "/", secure },
  };
}

let cookie: Cookie | undefined;
function sessionCookie() {
  if (!cookie) {
    const env = getEnv();
    const { name, options } = sessionCookieSettings(env);
    cookie = createCookie(name, { ...options, secrets: [env.SESSION_SECRET], maxAge: ABSOLUTE_LIFETIME_MS / 1000 });
  }
  return cookie;
}

async function cookieSessionId(request: Request): Promise<string | null> {
  const value: unknown = await sessionCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && SESSION_ID.test(value) ? value : null;
}

/** Starts a cookie session for `userId` with a fresh random id; returns the Set-Cookie header. */
export async function createSessionCookie(userId: number): Promise<string> {
  return sessionCookie().serialize(await createSession(userId, "cookie"));
}

// React Router hands one Request to every loader of a page, and an admin page has two that guard
// (admin.tsx's and its own): the cookie is checked and the session read once per Request. An
// action's request is another object from the loaders' that follow it, so a login or a logout in
// the action is seen by them.
const adminOf = new WeakMap<Request, Promise<SessionUser | null>>();

/** The logged-in administrator, or null when the cookie is missing, forged, deleted or expired. */
export function getAdmin(request: Request): Promise<SessionUser | null> {
  let admin = adminOf.get(request);
  if (!admin) {
    admin = cookieSessionId(request).then((raw) => (raw ? findSessionUser(raw, "cookie") : null));
    adminOf.set(request, admin);
  }
  return admin;
}

/** Where an admin holding a one-time password must choose their own, before any other admin page. */
export const CHOOSE_PASSWORD_PATH = "/admin/senha";

/**
 * The guard of every admin loader and action: anonymous visitors go to the login page and come
 * back; an admin who logged in with a one-time password goes to CHOOSE_PASSWORD_PATH until done.
 */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await getAdmin(request);
  const path = pagePath(request);
  if (user) {
    if (user.mustChangePassword && path !== CHOOSE_PASSWORD_PATH) throw redirect(CHOOSE_PASSWORD_PATH);
    return user;
  }
  // React Router's own data-request parameters are no part of the page the visitor asked for.
  const url = new URL(request.url);
  url.searchParams.delete("_routes");
  url.searchParams.delete("index");
  throw redirect(`/login?redirectTo=${encodeURIComponent(path + url.search)}`);
}

/** Who acts in an admin write of this request, for its history entry (decision 0026). */
export function actorOf(request: Request, user: AdminUser): Actor {
  return { usuarioId: user.id, email: user.email, ip: clientIp(request) };
}

/** Ends every other session and token of `userId`, keeping the one this request carries. */
export async function endOtherSessionsOf(request: Request, userId: number) {
  return endOtherSessions(userId, await cookieSessionId(request));
}

/** Ends the request's cookie session; returns the Set-Cookie header that clears the cookie. */
export async function logout(request: Request): Promise<string> {
  const raw = await cookieSessionId(request);
  if (raw) await endSession(raw, "cookie");
  return sessionCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}

// ---- /api: bearer tokens and the same-origin rule -------------------------------------------

/** Issues an /api token for `userId` (produto §7 logar). */
export function createApiToken(userId: number): Promise<string> {
  return createSession(userId, "token");
}

/** Revokes an /api token; false when it was unknown (or already revoked). */
export function revokeToken(raw: string): Promise<boolean> {
  return endSession(raw, "token");
}

/** The token of an `Authorization: Bearer …` header; undefined without one, "" when malformed. */
export function bearerToken(request: Request): string | undefined {
  const header = request.headers.get("Authorization");
  if (header == null || !/^bearer(\s|$)/i.test(header)) return undefined;
  const token = header.slice(6).trim().toLowerCase();
  return SESSION_ID.test(token) ? token : "";
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const MUST_CHANGE_PASSWORD_API = "Escolha a sua própria senha no painel (/admin/senha) antes de usar a API.";

export type ApiAdmin = AdminUser & { via: "cookie" | "token" };

/**
 * The guard of every admin /api call: a bearer token from /api/logar or the admin session cookie,
 * else 401 JSON. With the cookie, an unsafe method (or `changesState`, for a GET that writes) must
 * come from the site itself, else 403: another site cannot drive a logged-in browser.
 */
export async function requireAdminApi(request: Request, opts: { changesState?: boolean } = {}): Promise<ApiAdmin> {
  const token = bearerToken(request);
  if (token !== undefined) {
    const user = token ? await findSessionUser(token, "token") : null;
    if (user?.mustChangePassword) throw jsonError(403, MUST_CHANGE_PASSWORD_API);
    if (user) return { ...user, via: "token" };
    throw jsonError(401, "Não autorizado", { headers: { "WWW-Authenticate": 'Bearer error="invalid_token"' } });
  }
  const user = await getAdmin(request);
  if (!user) throw jsonError(401, "Não autorizado", { headers: { "WWW-Authenticate": "Bearer" } });
  if (user.mustChangePassword) throw jsonError(403, MUST_CHANGE_PASSWORD_API);
  if ((opts.changesState || !SAFE_METHODS.has(request.method)) && !isSameOriginRequest(request)) {
    throw jsonError(403, "Requisição de outra origem recusada.");
  }
  return { ...user, via: "cookie" };
}
