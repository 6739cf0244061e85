import { createHash } from "node:crypto";
import { createCookie } from "react-router";
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDb, getDb } from "~/db/client.server";
import { sessoes } from "~/db/schema";
import { getEnv } from "~/env.server";
import { LOGIN_ERROR } from "~/models/accounts/auth.server";
import { getAdmin, requireAdmin, requireAdminApi } from "~/http/auth.server";
import { upsertUser } from "~/models/accounts/user.server";
import { loader as adminLoader } from "~/routes/admin";
import { loader as loginLoader } from "~/routes/login";
import { action as logoutAction } from "~/routes/logout";
import { resetDb } from "./db";
import { BASE, cookieFor, cookieOf, postLogin, request } from "./login-support";
import { callRoute } from "../support/route-call";

const EMAIL = "gerente@teste.local";
const PASSWORD = "senha-correta-123";

describe("login, sessions and the admin guard", () => {
  beforeEach(async () => {
    await resetDb();
    await upsertUser(EMAIL, PASSWORD);
  });
  afterAll(closeDb);

  it("answers a wrong password or a wrong e-mail with 401 and the same alert, keeping only the e-mail", async () => {
    const wrongPassword = await postLogin({ email: EMAIL, password: "senha-errada-123" });
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.body).toEqual({ error: LOGIN_ERROR, email: EMAIL });
    expect(LOGIN_ERROR).toBe("Senha e/ou email estão incorretos");

    const wrongEmail = await postLogin({ email: "ninguem@teste.local", password: PASSWORD });
    expect(wrongEmail.status).toBe(401);
    expect(wrongEmail.body?.error).toBe(LOGIN_ERROR);
    expect(JSON.stringify(wrongEmail.body)).not.toContain(PASSWORD);
    expect(wrongEmail.headers.get("Set-Cookie")).toBeNull();

    const empty = await postLogin({ email: EMAIL, password: "" });
    expect(empty.status).toBe(401);
  });

  it("refuses the 6th try for the same e-mail and IP with 429, even with the right password", async () => {
    for (let i = 1; i <= 5; i++) {
      expect((await postLogin({ email: EMAIL, password: `errada-${i}-xyz` })).status, `try ${i}`).toBe(401);
    }
    const sixth = await postLogin({ email: EMAIL, password: PASSWORD });
    expect(sixth.status).toBe(429);
    expect(sixth.body?.error).toMatch(/^Muitas tentativas de login\. Tente novamente em (1 minuto|\d+ minutos)\.$/);
    expect(sixth.body?.error).toMatch(/em 1[45] minutos\.$/);
    expect(Number(sixth.headers.get("Retry-After"))).toBeGreaterThan(800);
    expect(sixth.headers.get("Set-Cookie")).toBeNull();
    // Another IP, or the same e-mail typed differently from another IP, is a different counter.
    expect((await postLogin({ email: EMAIL, password: PASSWORD }, { ip: "10.0.0.2" })).status).toBe(302);
    expect((await postLogin({ email: ` ${EMAIL.toUpperCase()} `, password: "x-errada-x" })).status).toBe(429);
  });

  it("forgets earlier failures after a successful login", async () => {
    for (let i = 0; i < 4; i++) await postLogin({ email: EMAIL, password: "errada-errada" });
    expect((await postLogin({ email: EMAIL, password: PASSWORD })).status).toBe(302);
    for (let i = 1; i <= 5; i++) {
      expect((await postLogin({ email: EMAIL, password: "errada-errada" })).status, `try ${i}`).toBe(401);
    }
    expect((await postLogin({ email: EMAIL, password: "errada-errada" })).status).toBe(429);
  });

  it("logs in with a new session cookie and goes to /admin/imovel", async () => {
    const res = await postLogin({ email: EMAIL, password: PASSWORD });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/imovel");
    const setCookie = res.headers.get("Set-Cookie")!;
    expect(setCookie).toMatch(/^imob_sessao=/);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");

    // The database keeps only the SHA-256 of the random id, never the id itself.
    const rows = await getDb().select().from(sessoes);
    expect(rows).toHaveLength(1);
    const rawId: unknown = await createCookie("imob_sessao", { secrets: [getEnv().SESSION_SECRET] }).parse(
      setCookie.split(";")[0],
    );
    expect(rawId).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].id).toBe(createHash("sha256").update(rawId as string).digest("hex"));
    expect(rows[0].id).not.toBe(rawId);

    // A second login gets another id, and replaces the session the browser was carrying.
    const again = await postLogin({ email: EMAIL, password: PASSWORD }, { cookie: cookieOf(res) });
    expect(cookieOf(again)).not.toBe(cookieOf(res));
    expect(await getAdmin(request("/admin", { cookie: cookieOf(res) }))).toBeNull();
    expect(await getAdmin(request("/admin", { cookie: cookieOf(again) }))).toMatchObject({ email: EMAIL });
  });

  it("follows a same-origin redirectTo and ignores open-redirect attempts", async () => {
    const good = await postLogin({ email: EMAIL, password: PASSWORD, redirectTo: "/admin/dashboard?x=1" });
    expect(good.headers.get("Location")).toBe("/admin/dashboard?x=1");
    for (const bad of ["//evil.com", "/\\evil.com", "https://evil.com", "https://evil.com/admin", "/\t/evil.com"]) {
      const res = await postLogin({ email: EMAIL, password: PASSWORD, redirectTo: bad });
      expect(res.status, bad).toBe(302);
      expect(res.headers.get("Location"), bad).toBe("/admin/imovel");
    }
    // Outside Latin-1 (issue 12): re-encoded, never a throw from the Location header.
    const wide = await postLogin({ email: EMAIL, password: PASSWORD, redirectTo: "/admin/imóvel/😀?q=א" });
    expect(wide.headers.get("Location")).toBe("/admin/im%C3%B3vel/%F0%9F%98%80?q=%D7%90");
    // The login page itself only carries a safe target into its hidden field.
    const page = await callRoute(loginLoader, new Request(`${BASE}/login?redirectTo=${encodeURIComponent("//evil.com")}`));
    expect(page.body).toEqual({ redirectTo: "" });
    const kept = await callRoute(loginLoader, new Request(`${BASE}/login?redirectTo=%2Fadmin%2Fbanner`));
    expect(kept.body).toEqual({ redirectTo: "/admin/banner" });
  });

  it("sends a logged-in visit of /login to /admin/imovel", async () => {
    const cookie = await cookieFor(EMAIL, PASSWORD);
    const res = await callRoute(loginLoader, request("/login", { cookie }));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/imovel");
  });

  it("lets the session cookie through the guard, and refuses it once replayed after SAIR", async () => {
    const cookie = await cookieFor(EMAIL, PASSWORD);
    expect(await requireAdmin(request("/admin/imovel", { cookie }))).toMatchObject({ email: EMAIL });
    expect((await callRoute(adminLoader, request("/admin/imovel", { cookie }))).body).toEqual({ email: EMAIL, mustChangePassword: false, unread: 0 }) // the admin bar: who, and the unread messages;

    const out = await callRoute(logoutAction, request("/logout", { cookie, method: "POST" }));
    expect(out.status).toBe(302);
    expect(out.headers.get("Location")).toBe("/");
    expect(out.headers.get("Set-Cookie")).toMatch(/^imob_sessao=;.*Max-Age=0/);
    expect(await getDb().select().from(sessoes)).toHaveLength(0);

    const replay = await callRoute(adminLoader, request("/admin/banner?aba=2", { cookie }));
    expect(replay.status).toBe(302);
    expect(replay.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent("/admin/banner?aba=2")}`);
  });

  it("refuses a session past its absolute lifetime or idle for too long, and slides while in use", async () => {
    const cookie = await cookieFor(EMAIL, PASSWORD);
    const [row] = await getDb().select().from(sessoes);
    const ago = (ms: number) => new Date(Date.now() - ms);

    // In use 90 s ago: accepted, and the idle clock restarts.
    await getDb().update(sessoes).set({ last_seen_at: ago(90_000) }).where(eq(sessoes.id, row.id));
    expect(await getAdmin(request("/admin", { cookie }))).not.toBeNull();
    const [touched] = await getDb().select().from(sessoes);
    expect(Date.now() - touched.last_seen_at.getTime()).toBeLessThan(5_000);

    await getDb().update(sessoes).set({ last_seen_at: ago(2 * 3600_000 + 1000) }).where(eq(sessoes.id, row.id));
    await expect(requireAdmin(request("/admin/imovel", { cookie }))).rejects.toMatchObject({ status: 302 });
    expect(await getDb().select().from(sessoes)).toHaveLength(0);

    const cookie2 = await cookieFor(EMAIL, PASSWORD);
    await getDb().update(sessoes).set({ expires_at: ago(1000) });
    expect(await getAdmin(request("/admin", { cookie: cookie2 }))).toBeNull();
  });

  it("reads the session once per Request: both guarding loaders of a page get it, a new request reads it again", async () => {
    const cookie = await cookieFor(EMAIL, PASSWORD);
    const page = request("/admin/imovel", { cookie });
    const first = await getAdmin(page);
    expect(first?.email).toBe(EMAIL);
    // The session ends meanwhile (a logout in another tab): the page's second loader still sees
    // what its first saw, and the next request sees the end.
    await getDb().delete(sessoes);
    expect(await requireAdmin(page)).toBe(first);
    expect(await getAdmin(request("/admin/imovel", { cookie }))).toBeNull();
  });

  it("refuses a forged or tampered cookie", async () => {
    const cookie = await cookieFor(EMAIL, PASSWORD);
    const [name, value] = cookie.split("=");
    const tampered = `${name}=${value.slice(0, -3)}${value.endsWith("abc") ? "abd" : "abc"}`;
    expect(await getAdmin(request("/admin", { cookie: tampered }))).toBeNull();
    const unsigned = `${name}=${Buffer.from(JSON.stringify("a".repeat(64))).toString("base64")}`;
    expect(await getAdmin(request("/admin", { cookie: unsigned }))).toBeNull();
  });

  it("answers the /api guard with 401 JSON without a session", async () => {
    const err = await requireAdminApi(new Request(`${BASE}/api/ativo`, { method: "POST" })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Response);
    const res = err as Response;
    expect(res.status).toBe(401);
    expect(res.headers.get("Content-Type")).toContain("application/json");
    expect(await res.json()).toEqual({ error: "Não autorizado" });
    const cookie = await cookieFor(EMAIL, PASSWORD);
    const req = request("/api/ativo", { cookie, method: "POST" });
    req.headers.set("X-Requested-With", "XMLHttpRequest"); // same-origin proof for a cookie call
    expect(await requireAdminApi(req)).toMatchObject({ email: EMAIL });
  });
});

describe("rate limiter under concurrency", () => {
  // This describe opens the pool again after the one above closed it: close it too.
  afterAll(closeDb);

  it("never fails when a clear races with hits", async () => {
    const { clear, hit } = await import("~/services/rate-limit.server");
    const key = "race:test";
    const CLEARED = "cleared" as const;
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 3 === 0 ? clear(key).then(() => CLEARED) : hit(key, 5, 60_000))),
    );
    // Every hit answers with a count, whatever the clears did in between.
    const hits = results.filter((r) => r !== CLEARED);
    expect(hits).toHaveLength(26);
    for (const r of hits) {
      expect(r).toMatchObject({ allowed: expect.any(Boolean), count: expect.any(Number), retryAt: expect.any(Date) });
      expect(r.count).toBeGreaterThanOrEqual(1);
      expect(r.count).toBeLessThanOrEqual(hits.length);
      expect(r.allowed).toBe(r.count <= 5);
    }
  });
});
