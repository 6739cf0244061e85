// Sessions (sessoes): a row per cookie session or /api token. The row keeps only the SHA-256 of
// the random id the client holds, so a leaked table cannot be replayed. Cookies: app/http/auth.server.ts.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, lt, ne, or, sql } from "drizzle-orm";
import { getDb, type Tx } from "../../db/client.server";
import { prepared } from "../../db/prepared.server";
import { sessoes, usuarios } from "../../db/schema";
import type { AdminUser } from "./user.server";

/** The admin of a live session, and whether they must choose their own password before anything else. */
export type SessionUser = AdminUser & { mustChangePassword: boolean };

export type SessionKind = "cookie" | "token";

export const IDLE_TIMEOUT_MS = 2 * 60 * 60 * 1000;
export const ABSOLUTE_LIFETIME_MS = 12 * 60 * 60 * 1000;
/** Lifetime of an /api bearer token (produto §7 logar): the original client keeps it with no refresh. */
export const TOKEN_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** A token unused this long ends before its lifetime: a forgotten device does not stay a way in. */
export const TOKEN_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
const idleLimit = (kind: SessionKind) => (kind === "token" ? TOKEN_IDLE_MS : IDLE_TIMEOUT_MS);
// Writing last_seen_at on every request would cost a write per page view for no gain.
const TOUCH_EVERY_MS = 60 * 1000;

/** 32 random bytes in hex: what cookies and bearer tokens carry. */
export const SESSION_ID = /^[0-9a-f]{64}$/;
const hashId = (raw: string) => createHash("sha256").update(raw).digest("hex");

/** Drops expired tokens and sessions, and those idle for too long. */
async function purgeExpired(now: Date) {
  await getDb()
    .delete(sessoes)
    .where(
      or(
        lt(sessoes.expires_at, now),
        and(eq(sessoes.kind, "cookie"), lt(sessoes.last_seen_at, new Date(now.getTime() - IDLE_TIMEOUT_MS))),
        and(eq(sessoes.kind, "token"), lt(sessoes.last_seen_at, new Date(now.getTime() - TOKEN_IDLE_MS))),
      ),
    );
}

/** Stores a new session row of `kind` and returns its random id (the row keeps only the hash). */
export async function createSession(userId: number, kind: SessionKind): Promise<string> {
  const now = new Date();
  await purgeExpired(now);
  const raw = randomBytes(32).toString("hex");
  const lifetime = kind === "token" ? TOKEN_LIFETIME_MS : ABSOLUTE_LIFETIME_MS;
  await getDb()
    .insert(sessoes)
    .values({ id: hashId(raw), usuario_id: userId, kind, created_at: now, last_seen_at: now, expires_at: new Date(now.getTime() + lifetime) });
  return raw;
}

// Every admin page and /api call asks it: prepared (db/prepared.server.ts).
const sessionUserQuery = prepared((db) =>
  db
    .select({
      usuario_id: sessoes.usuario_id,
      email: usuarios.email,
      must_change_password: usuarios.must_change_password,
      last_seen_at: sessoes.last_seen_at,
      expires_at: sessoes.expires_at,
    })
    .from(sessoes)
    .innerJoin(usuarios, eq(usuarios.id, sessoes.usuario_id))
    // Deactivating deletes the rows too; this holds even for a row written by a login racing it.
    .where(and(eq(sessoes.id, sql.placeholder("id")), eq(sessoes.kind, sql.placeholder("kind")), eq(usuarios.ativo, true)))
    .limit(1)
    .prepare(),
);

/**
 * The user of a live session of `kind`, or null when the id is unknown, malformed or expired (an
 * expired row is deleted), or its admin is inactive. Sessions also end after IDLE_TIMEOUT_MS without
 * use, tokens after TOKEN_IDLE_MS.
 */
export async function findSessionUser(raw: string, kind: SessionKind): Promise<SessionUser | null> {
  if (!SESSION_ID.test(raw)) return null;
  const id = hashId(raw);
  const db = getDb();
  const [row] = await sessionUserQuery().execute({ id, kind });
  if (!row) return null;
  const now = Date.now();
  const idle = now - row.last_seen_at.getTime() >= idleLimit(kind);
  if (row.expires_at.getTime() <= now || idle) {
    await db.delete(sessoes).where(eq(sessoes.id, id));
    return null;
  }
  if (now - row.last_seen_at.getTime() >= TOUCH_EVERY_MS) {
    await db.update(sessoes).set({ last_seen_at: new Date(now) }).where(eq(sessoes.id, id));
  }
  return { id: row.usuario_id, email: row.email, mustChangePassword: row.must_change_password };
}

/** Ends a session or revokes a token; false when it was unknown (or already ended). */
export async function endSession(raw: string, kind: SessionKind): Promise<boolean> {
  if (!SESSION_ID.test(raw)) return false;
  const [res] = await getDb()
    .delete(sessoes)
    .where(and(eq(sessoes.id, hashId(raw)), eq(sessoes.kind, kind)));
  return res.affectedRows > 0;
}

/** Ends every session and token of `userId` except the cookie session `keepRaw` (a password change). */
export async function endOtherSessions(userId: number, keepRaw: string | null) {
  const keep = keepRaw && SESSION_ID.test(keepRaw) ? hashId(keepRaw) : "";
  const [res] = await getDb()
    .delete(sessoes)
    .where(and(eq(sessoes.usuario_id, userId), ne(sessoes.id, keep)));
  return res.affectedRows;
}

/** Ends every session and token of `userId`, inside the write that makes them void (deactivate, reset). */
export async function endAllSessions(tx: Tx, userId: number) {
  const [res] = await tx.delete(sessoes).where(eq(sessoes.usuario_id, userId));
  return res.affectedRows;
}
