// The shared page cache over HTTP (issue 11), on two server.mjs processes sharing one database of
// their own: what is shared, what never is, and how fast an admin's write reaches both processes.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import mysql from "mysql2/promise";
import { test, expect } from "./helpers";
import { E2E } from "./env";
import { startServer, type Spawned } from "./spawn-server";
import { dropDatabase } from "../../app/db/setup.server";

const DATABASE_URL = (() => {
  const u = new URL(E2E.DATABASE_URL);
  u.pathname += "_cache";
  return u.toString();
})();
const IMG_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "imob-e2e-cache-"));
let a: Spawned;
let b: Spawned;
let id = 0;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  await dropDatabase(DATABASE_URL);
  const env = { ...process.env, DATABASE_URL, IMG_DIR, ADMIN_EMAIL: E2E.ADMIN_EMAIL, ADMIN_PASSWORD: E2E.ADMIN_PASSWORD, SESSION_SECRET: E2E.SESSION_SECRET };
  const seeded = spawnSync("npx", ["tsx", "scripts/seed.ts"], { env, encoding: "utf8" });
  expect(seeded.status, seeded.stderr).toBe(0);
  const c = await mysql.createConnection(DATABASE_URL);
  const [rows] = await c.query("SELECT id FROM imoveis WHERE ativo = 'sim' ORDER BY id LIMIT 1");
  await c.end();
  id = (rows as { id: number }[])[0].id;
  [a, b] = await Promise.all([startServer(DATABASE_URL, { env: { IMG_DIR } }), startServer(DATABASE_URL, { env: { IMG_DIR } })]);
});

test.afterAll(async () => {
  a?.child.kill("SIGKILL");
  b?.child.kill("SIGKILL");
  await dropDatabase(DATABASE_URL);
  fs.rmSync(IMG_DIR, { recursive: true, force: true });
});

const get = (s: Spawned, p: string, headers: Record<string, string> = {}) => fetch(`${s.base}${p}`, { headers: { "accept-encoding": "br", ...headers }, redirect: "manual" });

async function token(s: Spawned) {
  const form = new FormData();
  form.set("email", E2E.ADMIN_EMAIL);
  form.set("password", E2E.ADMIN_PASSWORD);
  const r = await fetch(`${s.base}/api/logar`, { method: "POST", body: form, headers: { origin: s.base } });
  expect(r.status).toBe(200);
  return (await r.json()) as string; // produto §7: the token itself, as a JSON string
}

async function setAtivo(s: Spawned, bearer: string, ativo: "sim" | "nao") {
  const form = new FormData();
  form.set("id", String(id));
  form.set("ativo", ativo);
  const r = await fetch(`${s.base}/api/ativo`, { method: "POST", body: form, headers: { authorization: `Bearer ${bearer}` } });
  expect(r.status).toBe(200);
}

/** Milliseconds until `s` answers `status` for the listing's page (fails after 5 s). */
async function msUntil(s: Spawned, status: number) {
  const t0 = Date.now();
  for (;;) {
    if ((await get(s, `/imovel/${id}`)).status === status) return Date.now() - t0;
    expect(Date.now() - t0, `still not ${status}`).toBeLessThan(5000);
    await new Promise((r) => setTimeout(r, 20));
  }
}

test("an anonymous page is rendered once, then served from memory: no cookie, a strong ETag, 304, CDN headers", async () => {
  for (const p of ["/", `/imovel/${id}`, "/venda?page=1", "/api/get_banner"]) {
    const first = await get(a, p);
    expect(first.status, p).toBe(200);
    expect(first.headers.get("x-cache"), p).toBe("MISS");
    const body = await first.text();
    const second = await get(a, p);
    expect(second.headers.get("x-cache"), p).toBe("HIT");
    expect(await second.text(), p).toBe(body);
    expect(second.headers.get("set-cookie"), p).toBeNull();
    expect(second.headers.get("content-encoding"), p).toBe("br");
    expect(second.headers.get("cache-control"), p).toBe("public, max-age=0, s-maxage=30, stale-while-revalidate=60");
    const etag = second.headers.get("etag")!;
    expect(etag, p).toMatch(/^"[\w-]{20,}"$/);
    const revalidated = await get(a, p, { "if-none-match": etag });
    expect(revalidated.status, p).toBe(304);
    expect(await revalidated.text(), p).toBe("");
  }
  // The same query in another order is the same page.
  await get(a, "/venda?sort=preco&page=1");
  expect((await get(a, "/venda?page=1&sort=preco")).headers.get("x-cache")).toBe("HIT");
  // Without br: gzip, the same text.
  const gz = await get(a, "/", { "accept-encoding": "gzip" });
  expect(gz.headers.get("content-encoding")).toBe("gzip");
});

test("an admin never receives a cached page, and nothing personal may be stored", async () => {
  const bearer = await token(a);
  for (const p of ["/", `/imovel/${id}`, "/api/get_banner"]) {
    const r = await get(a, p, { authorization: `Bearer ${bearer}` });
    expect(r.status, p).toBe(200);
    expect(r.headers.get("x-cache"), p).toBeNull();
    expect(r.headers.get("cache-control"), p).toBe("private, no-store");
  }
  const admin = await get(a, "/admin", { authorization: `Bearer ${bearer}` });
  expect(admin.headers.get("x-cache")).toBeNull();
  expect(admin.headers.get("cache-control")).toBe("private, no-store");
});

test("an admin's write shows on the next request of the same process and within 1 s on the other", async () => {
  const bearer = await token(a);
  for (const s of [a, b]) {
    await get(s, `/imovel/${id}`);
    expect((await get(s, `/imovel/${id}`)).headers.get("x-cache")).toBe("HIT");
  }
  await setAtivo(b, bearer, "nao");
  expect((await get(b, `/imovel/${id}`)).status, "the writer's own process, next request").toBe(404);
  expect(await msUntil(a, 404), "the other process").toBeLessThanOrEqual(1300);

  await setAtivo(a, bearer, "sim");
  expect((await get(a, `/imovel/${id}`)).status).toBe(200);
  expect(await msUntil(b, 200)).toBeLessThanOrEqual(1300);
});

test("a page with a toast is never served to another visitor", async () => {
  const form = new URLSearchParams({ nome: "Visitante", email: "v@exemplo.com", telefone: "(17) 99123-4567", mensagem: "Olá, quero visitar.", redirectTo: "/sobre" });
  const posted = await fetch(`${a.base}/contato`, { method: "POST", body: form, redirect: "manual", headers: { origin: a.base, "x-forwarded-for": "10.99.0.1" } });
  expect(posted.status).toBe(302);
  const cookie = posted.headers.getSetCookie().map((c) => c.split(";")[0]).find((c) => c.startsWith("toast-session="))!;
  expect(cookie).toBeTruthy();
  const withToast = await get(a, "/sobre", { cookie });
  expect(withToast.headers.get("x-cache")).toBeNull();
  expect(withToast.headers.get("cache-control")).toBe("private, no-store");
  const toastText = "Contato enviado com sucesso";
  expect(await withToast.text()).toContain(toastText);
  const other = await get(a, "/sobre");
  expect(other.headers.get("set-cookie")).toBeNull();
  expect(await other.text()).not.toContain(toastText);
});
