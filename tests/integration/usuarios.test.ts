// Admins in the panel (issue 24): the last-admin guard (also when two admins deactivate each other
// at once), deactivation ending sessions and tokens, inactive admins refused, must_change_password first.
import { eq } from "drizzle-orm";
import mysql from "mysql2/promise";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDb, getDb } from "~/db/client.server";
import { sessoes, usuarios } from "~/db/schema";
import { getEnv } from "~/env.server";
import { createApiToken, getAdmin, requireAdmin, requireAdminApi } from "~/http/auth.server";
import { ACTOR_INACTIVE, LAST_ADMIN, SELF_DEACTIVATE, createAdmin, setAdminActive } from "~/models/accounts/admins.server";
import { LOGIN_ERROR, login } from "~/models/accounts/auth.server";
import { createSession, findSessionUser } from "~/models/accounts/session.server";
import { upsertUser } from "~/models/accounts/user.server";
import { SYSTEM, type Actor } from "~/models/history/history.server";
import { loader as senhaLoader, action as senhaAction } from "~/routes/admin.senha";
import { loader as usuariosLoader } from "~/routes/admin.usuarios";
import { resetDb } from "./db";
import { IP, cookieFor, logIn, request } from "./login-support";
import { callRoute } from "../support/route-call";

const A = "ana@teste.local";
const B = "bruno@teste.local";
const PASSWORD = "senha-correta-123";
const actorOf = (id: number, email: string): Actor => ({ usuarioId: id, email, ip: IP });
const activeCount = async () => (await getDb().select().from(usuarios).where(eq(usuarios.ativo, true))).length;
const sessionsOf = (id: number) => getDb().select().from(sessoes).where(eq(sessoes.usuario_id, id));

/**
 * Other connections of this database busy in a statement. While `holder` keeps every admin row
 * locked, a statement on them can only be waiting for it. (MariaDB's INNODB_TRX marks a LOCK WAIT
 * seconds late; the process list shows it at once.)
 */
async function blockedStatements(holder: mysql.Connection) {
  const [rows] = await holder.query(
    "SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE DB = DATABASE() AND COMMAND = 'Query' AND ID <> CONNECTION_ID()",
  );
  return Number((rows as { n: number }[])[0].n);
}

afterAll(closeDb);

// Ana's and Bruno's ids: two active admins at the start of each test of a block that calls twoAdmins().
let a: number, b: number;
function twoAdmins() {
  beforeEach(async () => {
    await resetDb();
    a = (await upsertUser(A, PASSWORD)).id;
    b = (await upsertUser(B, PASSWORD)).id;
  });
}

describe("the last-admin guard", () => {
  twoAdmins();

  it("refuses one's own account and the last active admin, and allows the rest", async () => {
    await expect(setAdminActive(actorOf(a, A), a, false)).rejects.toThrow(SELF_DEACTIVATE);
    expect(await activeCount()).toBe(2);
    expect(await setAdminActive(actorOf(a, A), b, false)).toBe(true);
    // The command line (no admin) cannot deactivate the one left either.
    await expect(setAdminActive(SYSTEM, a, false)).rejects.toThrow(LAST_ADMIN);
    expect(await activeCount()).toBe(1);
    expect(await setAdminActive(actorOf(a, A), b, true)).toBe(true);
    expect(await setAdminActive(actorOf(a, A), b, true)).toBe(false);
    expect(await activeCount()).toBe(2);
  });

  it("refuses an admin deactivated while their request was on its way", async () => {
    const c = (await upsertUser("carla@teste.local", PASSWORD)).id;
    expect(await setAdminActive(actorOf(a, A), b, false)).toBe(true);
    // Bruno's request, sent before he was deactivated, reaches the write after it.
    await expect(setAdminActive(actorOf(b, B), c, false)).rejects.toThrow(ACTOR_INACTIVE);
    expect(await activeCount()).toBe(2);
  });

  it("leaves one active admin when two deactivate each other at the same moment", async () => {
    // Hold every admin row so both deactivations start and queue; then let them run together.
    const holder = await mysql.createConnection({ uri: getEnv().DATABASE_URL });
    try {
      await holder.query("START TRANSACTION");
      await holder.query("SELECT id FROM usuarios FOR UPDATE");
      const both = Promise.allSettled([setAdminActive(actorOf(a, A), b, false), setAdminActive(actorOf(b, B), a, false)]);
      const deadline = Date.now() + 10_000;
      while ((await blockedStatements(holder)) < 2) {
        expect(Date.now(), "both deactivations wait on the held rows").toBeLessThan(deadline);
        await new Promise((r) => setTimeout(r, 20));
      }
      await holder.query("COMMIT");
      const results = await both;
      expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
      const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
      // The second in line finds itself deactivated by the first (were it not checked, the
      // last-admin rule would refuse it just the same: one active admin either way).
      expect((refused.reason as Error).message).toBe(ACTOR_INACTIVE);
      expect(await activeCount()).toBe(1);
    } finally {
      await holder.end();
    }
  });
});

describe("deactivated admins", () => {
  twoAdmins();

  it("lose their sessions and /api tokens at once", async () => {
    const cookie = await cookieFor(B, PASSWORD);
    const token = await createApiToken(b);
    expect(await getAdmin(request("/admin", { cookie }))).toMatchObject({ id: b });
    expect(await findSessionUser(token, "token")).toMatchObject({ id: b });
    expect(await sessionsOf(b)).toHaveLength(2);

    await setAdminActive(actorOf(a, A), b, false);
    expect(await sessionsOf(b)).toHaveLength(0);
    const page = await callRoute(usuariosLoader, request("/admin/usuarios", { cookie }));
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    const api = await requireAdminApi(new Request("http://localhost/api/get_imoveis_admin", { headers: { Authorization: `Bearer ${token}` } })).catch((e) => e);
    expect(api).toBeInstanceOf(Response);
    expect((api as Response).status).toBe(401);
  });

  it("are refused by a session row that outlived the deactivation (a login racing it)", async () => {
    const raw = await createSession(b, "cookie");
    expect(await findSessionUser(raw, "cookie")).not.toBeNull();
    await getDb().update(usuarios).set({ ativo: false }).where(eq(usuarios.id, b));
    expect(await findSessionUser(raw, "cookie")).toBeNull();
  });

  it("cannot log in, with the message of a wrong password", async () => {
    await setAdminActive(actorOf(a, A), b, false);
    expect(await login(B, PASSWORD, IP)).toEqual({ ok: false, reason: "invalid" });
    const page = await logIn(B, PASSWORD);
    const wrong = await logIn(A, "senha-errada-123");
    expect(page.status).toBe(401);
    expect(page.body).toEqual({ error: LOGIN_ERROR, email: B });
    expect(wrong.body.error).toBe(page.body.error);
    // Reactivated, the same password works again.
    await setAdminActive(actorOf(a, A), b, true);
    expect(await login(B, PASSWORD, IP)).toMatchObject({ ok: true });
  });
});

describe("an admin with a one-time password", () => {
  beforeEach(async () => {
    await resetDb();
    await upsertUser(A, PASSWORD);
  });

  it("must choose their own password before any other admin page or /api call", async () => {
    const [creator] = await getDb().select().from(usuarios).limit(1);
    const made = await createAdmin(actorOf(creator.id, A), { email: "Nova@Teste.local", nome: "Nova" });
    expect(made.email).toBe("nova@teste.local");
    expect(made.password).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    const cookie = await cookieFor(made.email, made.password);

    for (const path of ["/admin/imovel", "/admin/usuarios", "/admin/usuarios.data"]) {
      const res = await requireAdmin(request(path, { cookie })).catch((e) => e);
      expect(res, path).toBeInstanceOf(Response);
      expect((res as Response).headers.get("Location"), path).toBe("/admin/senha");
    }
    const api = await requireAdminApi(new Request("http://localhost/api/get_imoveis_admin", { headers: { Cookie: cookie } })).catch((e) => e);
    expect((api as Response).status).toBe(403);
    expect((await callRoute(senhaLoader, request("/admin/senha", { cookie }))).body).toEqual({ mustChangePassword: true });

    const mine = "girassol-janela-trevo";
    const done = await callRoute(senhaAction, request("/admin/senha", { cookie, form: { current_password: made.password, new_password: mine, password_confirmation: mine } }));
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/admin/imovel");
    expect(await requireAdmin(request("/admin/imovel", { cookie }))).toMatchObject({ email: made.email, mustChangePassword: false });
    expect(await login(made.email, mine, IP)).toMatchObject({ ok: true });
    expect(await login(made.email, made.password, IP)).toEqual({ ok: false, reason: "invalid" });
  });
});
