import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { closeDb, getDb } from "~/db/client.server";
import { sessoes } from "~/db/schema";
import { createApiToken, getAdmin } from "~/http/auth.server";
import { TOKEN_IDLE_MS, findSessionUser } from "~/models/accounts/session.server";
import { verifyLogin } from "~/models/accounts/user.server";
import { action as senhaAction, loader as senhaLoader } from "~/routes/admin.senha";
import { resetDb } from "./db";
import { BASE, EMAIL, PASSWORD, adminCookie, createAdmin, req } from "./api-support";
import { routeArgs, type RouteArgs } from "../route-args";

const NEW = "cavalo-bateria-grampo";
type Body = { reply?: { error?: Record<string, string[]> } } | null;
/** Runs a loader or action as React Router would, flattening thrown responses and data(). */
async function run(fn: (a: RouteArgs) => unknown, request: Request) {
  let r: unknown;
  try {
    r = await fn(routeArgs(request));
  } catch (e) {
    if (!(e instanceof Response)) throw e;
    r = e;
  }
  if (r instanceof Response) return { status: r.status, body: null as Body, headers: r.headers };
  const d = r as { data: Body; init?: { status?: number } };
  return { status: d.init?.status ?? 200, body: d.data, headers: new Headers() };
}
const post = (cookie: string, fields: Record<string, string>) =>
  run(senhaAction, req("/admin/senha", { method: "POST", urlencoded: fields, headers: { Cookie: cookie } }));
const fieldErrors = (body: Body) => body?.reply?.error ?? {};

describe("/admin/senha", () => {
  beforeEach(async () => {
    await resetDb();
    await createAdmin();
  });
  afterAll(closeDb);

  it("sends anonymous visitors to the login page", async () => {
    const res = await run(senhaLoader, req("/admin/senha"));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent("/admin/senha")}`);
  });

  it("refuses a wrong current password, a short, a common and an unconfirmed new one, beside the fields", async () => {
    const cookie = await adminCookie();
    const wrong = await post(cookie, { current_password: "nao-e-esta-123", new_password: NEW, password_confirmation: NEW });
    expect(wrong.status).toBe(400);
    expect(fieldErrors(wrong.body)).toEqual({ current_password: ["Senha atual incorreta."] });
    const short = await post(cookie, { current_password: PASSWORD, new_password: "curta-123", password_confirmation: "curta-123" });
    expect(fieldErrors(short.body).new_password).toEqual(["A senha precisa de pelo menos 10 caracteres."]);
    const common = await post(cookie, { current_password: PASSWORD, new_password: "qwertyuiop", password_confirmation: "qwertyuiop" });
    expect(fieldErrors(common.body).new_password).toEqual(["Esta senha é muito comum. Escolha outra."]);
    const mismatch = await post(cookie, { current_password: PASSWORD, new_password: NEW, password_confirmation: NEW + "x" });
    expect(fieldErrors(mismatch.body).password_confirmation).toEqual(["A confirmação não é igual à nova senha."]);
    const empty = await post(cookie, {});
    expect(Object.keys(fieldErrors(empty.body)).sort()).toEqual(["current_password", "new_password", "password_confirmation"]);
    // Nothing changed, and no password is sent back.
    expect(await verifyLogin(EMAIL, PASSWORD)).not.toBeNull();
    expect(JSON.stringify(mismatch.body)).not.toContain(NEW);
  });

  it("changes the password and ends every other session and token, keeping this one", async () => {
    const mine = await adminCookie();
    const other = await adminCookie();
    const [me] = await getDb().select().from(sessoes).limit(1);
    const token = await createApiToken(me.usuario_id);
    const res = await post(mine, { current_password: PASSWORD, new_password: NEW, password_confirmation: NEW });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/senha");
    expect(res.headers.get("Set-Cookie")).toMatch(/toast/);
    expect(await verifyLogin(EMAIL, NEW)).not.toBeNull();
    expect(await verifyLogin(EMAIL, PASSWORD)).toBeNull();
    expect(await getAdmin(new Request(BASE, { headers: { Cookie: mine } }))).not.toBeNull();
    expect(await getAdmin(new Request(BASE, { headers: { Cookie: other } }))).toBeNull();
    expect(await findSessionUser(token, "token")).toBeNull();
    expect(await getDb().select().from(sessoes).where(eq(sessoes.usuario_id, me.usuario_id))).toHaveLength(1);
  });

  it("holds guessing of the current password after 5 tries", async () => {
    const cookie = await adminCookie();
    for (let i = 0; i < 5; i++) expect((await post(cookie, { current_password: `errada-${i}-xyz`, new_password: NEW, password_confirmation: NEW })).status).toBe(400);
    const held = await post(cookie, { current_password: PASSWORD, new_password: NEW, password_confirmation: NEW });
    expect(held.status).toBe(429);
    expect(await verifyLogin(EMAIL, PASSWORD)).not.toBeNull();
  });
});

describe("token idle expiry", () => {
  beforeEach(resetDb);
  afterAll(closeDb);

  it("ends a token unused for 7 days, and keeps one in use alive", async () => {
    const id = await createAdmin();
    const idle = await createApiToken(id);
    const used = await createApiToken(id);
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    try {
      vi.setSystemTime(start + TOKEN_IDLE_MS - 60 * 60 * 1000);
      expect(await findSessionUser(used, "token")).not.toBeNull();
      vi.setSystemTime(start + TOKEN_IDLE_MS + 1000);
      expect(await findSessionUser(idle, "token")).toBeNull();
      expect(await findSessionUser(used, "token")).not.toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
