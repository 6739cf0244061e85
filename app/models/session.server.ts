import { createHash, randomBytes } from "node:crypto";
import { createCookie, redirect, type Cookie } from "@remix-run/node";
import { and, eq, lt, or } from "drizzle-orm";
import { getDb } from "../db/client.server";
import { sessoes, usuarios } from "../db/schema";
import { getEnv, type Env } from "../env.server";

export type AdminUser = { id: number; email: string };

export const IDLE_TIMEOUT_MS = 2 * 60 * 60 * 1000;
export const ABSOLUTE_LIFETIME_MS = 12 * 60 * 60 * 1000;
// Writing last_seen_at on every request would cost a write per page view for no gain.
const TOUCH_EVERY_MS = 60 * 1000;

/** Name and flags of the session cookie: Secure and `__Host-` only when served over https in production. */
export function sessionCookieSettings(env: Pick<Env, "NODE_ENV" | "PUBLIC_URL">) {
  const secure = env.NODE_ENV === "production" && env.PUBLIC_URL.startsWith("https:");
  return {
    name: secure ? "__Host-imob_sessao" : "imob_sessao",
    options: { httpOnly: true, sameSite: "lax" as const, path: "/", secure },
  };
}

let cookie: Cookie | undefined;
function sessionCookie() {
  if (!cookie) {
    const env = getEnv();
    const { name, options } = sessionCookieSettings(env);
    cookie = createCookie(name, {
      ...options,
      secrets: [env.SESSION_SECRET],
      maxAge: ABSOLUTE_LIFETIME_MS / 1000,
    });
  }
  return cookie;
}

const hashId = (raw: string) => createHash("sha256").update(raw).digest("hex");

async function readCookieId(request: Request): Promise<string | null> {
  const value: unknown = await sessionCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && /^[0-9a-f]{64}$/.test(value) ? value : null;
}

/** Drops expired tokens and sessions, and cookie sessions idle for too long. */
async function purgeExpired(now: Date) {
  await getDb()
    .delete(sessoes)
    .where(
      or(
        lt(sessoes.expires_at, now),
        and(eq(sessoes.kind, "cookie"), lt(sessoes.last_seen_at, new Date(now.getTime() - IDLE_TIMEOUT_MS))),
      ),
    );
}

/** Stores a new session row of `kind` and returns its random id (the row keeps only the hash). */
async function insertSession(userId: number, kind: "cookie" | "token", lifetimeMs: number) {
  const now = new Date();
  await purgeExpired(now);
  const raw = randomBytes(32).toString("hex");
  await getDb()
    .insert(sessoes)
    .values({
      id: hashId(raw),
      usuario_id: userId,
      kind,
      created_at: now,
      last_seen_at: now,
      expires_at: new Date(now.getTime() + lifetimeMs),
    });
  return raw;
}

/** Starts a session for `userId` with a fresh random id; returns the Set-Cookie header. */
export async function createSession(userId: number): Promise<string> {
  return sessionCookie().serialize(await insertSession(userId, "cookie", ABSOLUTE_LIFETIME_MS));
}

/** The logged-in administrator, or null when the cookie is missing, forged, deleted or expired. */
export async function getAdmin(request: Request): Promise<AdminUser | null> {
  const raw = await readCookieId(request);
  if (!raw) return null;
  const id = hashId(raw);
  const db = getDb();
  const [row] = await db
    .select({ usuario_id: sessoes.usuario_id, email: usuarios.email, last_seen_at: sessoes.last_seen_at, expires_at: sessoes.expires_at })
    .from(sessoes)
    .innerJoin(usuarios, eq(usuarios.id, sessoes.usuario_id))
    .where(and(eq(sessoes.id, id), eq(sessoes.kind, "cookie")))
    .limit(1);
  if (!row) return null;
  const now = Date.now();
  if (row.expires_at.getTime() <= now || now - row.last_seen_at.getTime() >= IDLE_TIMEOUT_MS) {
    await db.delete(sessoes).where(eq(sessoes.id, id));
    return null;
  }
  if (now - row.last_seen_at.getTime() >= TOUCH_EVERY_MS) {
    await db.update(sessoes).set({ last_seen_at: new Date(now) }).where(eq(sessoes.id, id));
  }
  return { id: row.usuario_id, email: row.email };
}

/** The guard of every admin loader and action: anonymous visitors go to the login page and come back. */
export async function requireAdmin(request: Request): Promise<AdminUser> {
  const user = await getAdmin(request);
  if (user) return user;
  const url = new URL(request.url);
  // Remix's own data-request parameter is no part of the page the visitor asked for.
  url.searchParams.delete("_routes");
  throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}

// ---- /api: bearer tokens and the same-origin rule -------------------------------------------

/** Lifetime of an /api bearer token (SPEC §7 logar): the original client keeps it with no refresh. */
export const TOKEN_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
const TOKEN = /^[0-9a-f]{64}$/;

/** Issues an /api token for `userId`: 32 random bytes in hex; only its SHA-256 is stored. */
export function createApiToken(userId: number): Promise<string> {
  return insertSession(userId, "token", TOKEN_LIFETIME_MS);
}

/** The token of an `Authorization: Bearer …` header; undefined without one, "" when malformed. */
export function bearerToken(request: Request): string | undefined {
  const header = request.headers.get("Authorization");
  if (header == null || !/^bearer(\s|$)/i.test(header)) return undefined;
  const token = header.slice(6).trim().toLowerCase();
  return TOKEN.test(token) ? token : "";
}

async function getTokenUser(raw: string): Promise<AdminUser | null> {
  if (!TOKEN.test(raw)) return null;
  const id = hashId(raw);
  const db = getDb();
  const [row] = await db
    .select({ usuario_id: sessoes.usuario_id, email: usuarios.email, expires_at: sessoes.expires_at })
    .from(sessoes)
    .innerJoin(usuarios, eq(usuarios.id, sessoes.usuario_id))
    .where(and(eq(sessoes.id, id), eq(sessoes.kind, "token")))
    .limit(1);
  if (!row) return null;
  if (row.expires_at.getTime() <= Date.now()) {
    await db.delete(sessoes).where(eq(sessoes.id, id));
    return null;
  }
  return { id: row.usuario_id, email: row.email };
}

/** Revokes an /api token; false when it was unknown (or already revoked). */
export async function revokeToken(raw: string): Promise<boolean> {
  if (!TOKEN.test(raw)) return false;
  const [res] = await getDb()
    .delete(sessoes)
    .where(and(eq(sessoes.id, hashId(raw)), eq(sessoes.kind, "token")));
  return res.affectedRows > 0;
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

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function apiRefusal(status: number, error: string, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify({ error }), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });
}

export type ApiAdmin = AdminUser & { via: "cookie" | "token" };

/**
 * The guard of every admin /api call: a bearer token from /api/logar or the admin session cookie,
 * else 401 JSON. With the cookie, an unsafe method (or `changesState`, for a GET that writes) must
 * come from the site itself, else 403: another site cannot drive a logged-in browser.
 */
export async function requireAdminApi(request: Request, opts: { changesState?: boolean } = {}): Promise<ApiAdmin> {
  const token = bearerToken(request);
  if (token !== undefined) {
    const user = token ? await getTokenUser(token) : null;
    if (user) return { ...user, via: "token" };
    throw apiRefusal(401, "Não autorizado", { "WWW-Authenticate": 'Bearer error="invalid_token"' });
  }
  const user = await getAdmin(request);
  if (!user) throw apiRefusal(401, "Não autorizado", { "WWW-Authenticate": "Bearer" });
  if ((opts.changesState || !SAFE_METHODS.has(request.method)) && !isSameOriginRequest(request)) {
    throw apiRefusal(403, "Requisição de outra origem recusada.");
  }
  return { ...user, via: "cookie" };
}

/** Deletes the request's session row; returns the Set-Cookie header that clears the cookie. */
export async function logout(request: Request): Promise<string> {
  const raw = await readCookieId(request);
  if (raw) await getDb().delete(sessoes).where(eq(sessoes.id, hashId(raw)));
  return sessionCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}
