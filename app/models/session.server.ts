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

/** Starts a session for `userId` with a fresh random id; returns the Set-Cookie header. */
export async function createSession(userId: number): Promise<string> {
  const now = new Date();
  await getDb()
    .delete(sessoes)
    .where(
      or(
        lt(sessoes.expires_at, now),
        and(eq(sessoes.kind, "cookie"), lt(sessoes.last_seen_at, new Date(now.getTime() - IDLE_TIMEOUT_MS))),
      ),
    );
  const raw = randomBytes(32).toString("hex");
  await getDb()
    .insert(sessoes)
    .values({
      id: hashId(raw),
      usuario_id: userId,
      kind: "cookie",
      created_at: now,
      last_seen_at: now,
      expires_at: new Date(now.getTime() + ABSOLUTE_LIFETIME_MS),
    });
  return sessionCookie().serialize(raw);
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

/** The guard of every admin /api call: a 401 JSON answer instead of a redirect. */
export async function requireAdminApi(request: Request): Promise<AdminUser> {
  const user = await getAdmin(request);
  if (user) return user;
  throw new Response(JSON.stringify({ error: "Não autorizado" }), {
    status: 401,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/** Deletes the request's session row; returns the Set-Cookie header that clears the cookie. */
export async function logout(request: Request): Promise<string> {
  const raw = await readCookieId(request);
  if (raw) await getDb().delete(sessoes).where(eq(sessoes.id, hashId(raw)));
  return sessionCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}
