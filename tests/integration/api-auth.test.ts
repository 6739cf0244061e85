import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDb, getDb } from "~/db/client.server";
import { imoveis, sessoes } from "~/db/schema";
import { getEnv } from "~/env.server";
import { revokeToken } from "~/http/auth.server";
import { TOKEN_LIFETIME_MS } from "~/models/accounts/session.server";
import * as loginPage from "~/routes/login";
import * as alt_banner from "~/routes/api.alt_banner";
import * as ativo from "~/routes/api.ativo";
import * as crop from "~/routes/api.crop";
import * as cropBanner from "~/routes/api.cropBanner";
import * as cropImg from "~/routes/api.cropImg";
import * as excluir_foto from "~/routes/api.excluir_foto_imovel.$id";
import * as excluir_imovel from "~/routes/api.excluir_imovel.$id";
import * as foto_capa from "~/routes/api.foto_capa";
import * as get_admin from "~/routes/api.get_imoveis_admin";
import * as inserir from "~/routes/api.inserir_imovel_site";
import * as logar from "~/routes/api.logar";
import * as logout from "~/routes/api.logout";
import * as update from "~/routes/api.update_imovel";
import { resetDb } from "./db";
import { EMAIL, PASSWORD, adminCookie, call, createAdmin, req, seedImovel, seedPhotos, type RouteModule } from "./api-support";
import { routeArgs } from "../route-args";

const hash = (s: string) => createHash("sha256").update(s).digest("hex");
const logarWith = (fields: Record<string, string>, ip = "10.1.0.1") =>
  call(logar, req("/api/logar", { form: fields, headers: { "x-imob-client-ip": ip } }));

/** Every admin call of produto §7, with its method(s) and a path param where it has one. */
const ADMIN: [string, RouteModule, string[], Record<string, string>?][] = [
  ["inserir_imovel_site", inserir, ["POST"]],
  ["update_imovel", update, ["POST"]],
  ["get_imoveis_admin", get_admin, ["GET"]],
  ["excluir_imovel/1", excluir_imovel, ["DELETE"], { id: "1" }],
  ["excluir_foto_imovel/1", excluir_foto, ["DELETE"], { id: "1" }],
  ["foto_capa?id=1&capa=x.jpg", foto_capa, ["GET", "POST"]],
  ["crop", crop, ["POST"]],
  ["cropImg", cropImg, ["POST"]],
  ["cropBanner", cropBanner, ["POST"]],
  ["ativo", ativo, ["POST"]],
  ["alt_banner", alt_banner, ["POST"]],
  ["logout", logout, ["POST", "DELETE"]],
];

afterAll(closeDb);

describe("/api/logar and bearer tokens", () => {
  beforeEach(async () => {
    await resetDb();
    await createAdmin();
  });

  it("answers false (401) for a wrong password, an unknown e-mail or empty fields", async () => {
    for (const fields of [
      { email: EMAIL, password: "senha-errada-1" },
      { email: "ninguem@teste.local", password: PASSWORD },
      { email: EMAIL, password: "" },
      {},
    ] as Record<string, string>[]) {
      const res = await logarWith(fields);
      expect(res.status, JSON.stringify(fields)).toBe(401);
      expect(res.body).toBe(false);
    }
    expect(await getDb().select().from(sessoes)).toHaveLength(0);
  });

  it("answers a random token as a JSON string (form-data or JSON), stored only as its SHA-256 for 30 days", async () => {
    const a = await logarWith({ email: EMAIL, password: PASSWORD });
    expect(a.status).toBe(200);
    expect(a.body).toMatch(/^[0-9a-f]{64}$/);
    const b = await call(logar, req("/api/logar", { json: { email: ` ${EMAIL.toUpperCase()} `, password: PASSWORD } }));
    expect(b.status).toBe(200);
    expect(b.body).toMatch(/^[0-9a-f]{64}$/);
    expect(b.body).not.toBe(a.body);

    const rows = await getDb().select().from(sessoes);
    expect(rows.map((r) => r.id).sort()).toEqual([hash(a.body), hash(b.body)].sort());
    for (const row of rows) {
      expect(row.kind).toBe("token");
      expect(Math.abs(row.expires_at.getTime() - (Date.now() + TOKEN_LIFETIME_MS))).toBeLessThan(60_000);
    }
    expect(TOKEN_LIFETIME_MS).toBe(30 * 24 * 3600 * 1000);

    const list = await call(get_admin, req("/api/get_imoveis_admin", { token: a.body }));
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([]);
  });

  it("is throttled like the login page: the 6th try of an e-mail and IP gets 429, sharing the page's counter", async () => {
    for (let i = 1; i <= 3; i++) expect((await logarWith({ email: EMAIL, password: `errada-${i}` })).status).toBe(401);
    const page = (password: string) =>
      loginPage.action(
        routeArgs(
          new Request("http://localhost/login", {
            method: "POST",
            body: new URLSearchParams({ email: EMAIL, password }),
            headers: { "x-imob-client-ip": "10.1.0.1" },
          }),
        ),
      );
    await page("errada-4");
    await page("errada-5");
    const sixth = await logarWith({ email: EMAIL, password: PASSWORD });
    expect(sixth.status).toBe(429);
    expect(sixth.body.error).toMatch(/^Muitas tentativas de login\. Tente novamente em 1[45] minutos\.$/);
    expect(Number(sixth.headers.get("Retry-After"))).toBeGreaterThan(800);
    // Another IP is another counter.
    expect((await logarWith({ email: EMAIL, password: PASSWORD }, "10.1.0.2")).status).toBe(200);
  });

  it("refuses bad bodies and other methods with the JSON error shape", async () => {
    const bad = await call(logar, req("/api/logar", { method: "POST", body: "{nope", headers: { "Content-Type": "application/json" } }));
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: "JSON inválido." });
    const arr = await call(logar, req("/api/logar", { json: [EMAIL, PASSWORD] }));
    expect(arr.status).toBe(400);
    const multipart = await call(
      logar,
      req("/api/logar", { method: "POST", body: "garbage", headers: { "Content-Type": "multipart/form-data; boundary=x" } }),
    );
    expect(multipart.status).toBe(400);
    expect(typeof multipart.body.error).toBe("string");
    const get = await call(logar, req("/api/logar"));
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("POST");
  });

  it("revokes a token with /api/logout; expired, revoked, malformed and cookie ids are refused", async () => {
    const token = (await logarWith({ email: EMAIL, password: PASSWORD })).body as string;
    const out = await call(logout, req("/api/logout", { method: "POST", token }));
    expect(out).toMatchObject({ status: 200, body: { ok: true } });
    expect((await call(get_admin, req("/api/get_imoveis_admin", { token }))).status).toBe(401);
    expect(await revokeToken(token)).toBe(false);

    const t2 = (await logarWith({ email: EMAIL, password: PASSWORD })).body as string;
    await getDb().update(sessoes).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(sessoes.id, hash(t2)));
    const expired = await call(get_admin, req("/api/get_imoveis_admin", { token: t2 }));
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ error: "Não autorizado" });
    expect(await getDb().select().from(sessoes).where(eq(sessoes.id, hash(t2)))).toHaveLength(0);

    for (const bad of ["", "abc", "z".repeat(64), `${"a".repeat(64)} extra`]) {
      expect((await call(get_admin, req("/api/get_imoveis_admin", { headers: { Authorization: `Bearer ${bad}` } }))).status).toBe(401);
    }
    // A cookie session's row is no token, and a bad bearer is not rescued by a good cookie.
    const cookie = await adminCookie();
    const [cookieRow] = await getDb().select().from(sessoes).where(eq(sessoes.kind, "cookie"));
    expect((await call(get_admin, req("/api/get_imoveis_admin", { token: cookieRow.id }))).status).toBe(401);
    expect((await call(get_admin, req("/api/get_imoveis_admin", { token: "f".repeat(64), cookie }))).status).toBe(401);
  });
});

describe("the admin guard of /api", () => {
  beforeEach(resetDb);

  it.each(ADMIN)("%s refuses an anonymous call with 401 JSON, whatever the method", async (path, mod, methods, params) => {
    for (const method of [...methods, "GET", "POST", "PUT"]) {
      const body = method === "GET" ? undefined : new URLSearchParams({ id: "1", ativo: "nao" });
      const res = await call(mod, req(`/api/${path}`, { method, body }), params);
      expect(res.status, method).toBe(401);
      expect(res.body, method).toEqual({ error: "Não autorizado" });
      const forged = await call(mod, req(`/api/${path}`, { method, body, token: "0".repeat(64) }), params);
      expect(forged.status, `${method} forged token`).toBe(401);
    }
  });

  it("asks cookie-authenticated unsafe calls to come from the site itself", async () => {
    const cookie = await adminCookie();
    const id = await seedImovel();
    const ativoWith = (headers: Record<string, string>, value = "nao") =>
      call(ativo, req("/api/ativo", { urlencoded: { id: String(id), ativo: value }, cookie, headers }));
    const stateOf = async () => (await getDb().select({ a: imoveis.ativo }).from(imoveis).where(eq(imoveis.id, id)))[0].a;
    const publicOrigin = new URL(getEnv().PUBLIC_URL).origin;

    for (const headers of [
      {},
      { "Sec-Fetch-Site": "cross-site" },
      { "Sec-Fetch-Site": "same-site" },
      { Origin: "https://evil.example" },
      { Origin: "null" },
      { "Sec-Fetch-Site": "cross-site", "X-Requested-With": "XMLHttpRequest" },
      { Origin: "https://evil.example", "X-Requested-With": "XMLHttpRequest" },
    ] as Record<string, string>[]) {
      const res = await ativoWith(headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.body).toEqual({ error: "Requisição de outra origem recusada." });
    }
    expect(await stateOf()).toBe("sim");

    for (const headers of [
      { "Sec-Fetch-Site": "same-origin" },
      { "Sec-Fetch-Site": "none" },
      { Origin: publicOrigin },
      { "X-Requested-With": "XMLHttpRequest" },
      { "X-CSRF-Token": "abc" },
    ] as Record<string, string>[]) {
      const value = (await stateOf()) === "sim" ? "nao" : "sim";
      const res = await ativoWith(headers, value);
      expect(res.status, JSON.stringify(headers)).toBe(200);
      expect(await stateOf()).toBe(value);
    }

    // Reading is no state change: a plain GET with the cookie works from anywhere.
    expect((await call(get_admin, req("/api/get_imoveis_admin", { cookie }))).status).toBe(200);

    // GET /api/foto_capa writes, so it obeys the rule too.
    const [foto] = await seedPhotos(id, 1);
    const capa = (headers: Record<string, string>) =>
      call(foto_capa, req(`/api/foto_capa?id=${id}&capa=${foto.img}`, { cookie, headers }));
    expect((await capa({ "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    expect((await capa({})).status).toBe(403);
    expect((await getDb().select({ c: imoveis.capa }).from(imoveis).where(eq(imoveis.id, id)))[0].c).toBeNull();
    expect((await capa({ "Sec-Fetch-Site": "same-origin" })).status).toBe(200);
  });

  it("does not ask the same of bearer calls, which no other site can make on the admin's behalf", async () => {
    await createAdmin();
    const token = (await logarWith({ email: EMAIL, password: PASSWORD })).body as string;
    const id = await seedImovel();
    for (const headers of [{}, { "Sec-Fetch-Site": "cross-site", Origin: "https://app.example" }] as Record<string, string>[]) {
      const res = await call(ativo, req("/api/ativo", { urlencoded: { id: String(id), ativo: "nao" }, token, headers }));
      expect(res.status, JSON.stringify(headers)).toBe(200);
    }
  });
});
