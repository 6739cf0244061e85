// The shared page cache over HTTP (issue 11), on server.mjs processes sharing one database of their
// own: `a` and `b` stand for two machines, `c` for one machine with two workers (node:cluster).
// What is shared, what never is, that one content version is the same bytes everywhere (issue 20),
// and how an admin's write reaches every process: at once on its machine, by the version check on others.
import crypto from "node:crypto";
import http from "node:http";
import mysql from "mysql2/promise";
import { test, expect } from "./helpers";
import { E2E } from "./env";
import { seededDatabase } from "./db";
import { startServer, type Spawned } from "./spawn-server";
import { dropDatabase } from "../../app/db/setup.server";

let DATABASE_URL = "";
let a: Spawned;
let b: Spawned;
let c: Spawned;
let id = 0;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // The seeded e2e database, copied (its photos are the e2e ones: startServer serves E2E.IMG_DIR).
  DATABASE_URL = await seededDatabase("cache");
  const conn = await mysql.createConnection(DATABASE_URL);
  const [rows] = await conn.query("SELECT id FROM imoveis WHERE ativo = 'sim' ORDER BY id LIMIT 1");
  await conn.end();
  id = (rows as { id: number }[])[0].id;
  [a, b, c] = await Promise.all([startServer(DATABASE_URL), startServer(DATABASE_URL), startServer(DATABASE_URL, { env: { WEB_CONCURRENCY: "2" } })]);
});

test.afterAll(async () => {
  for (const s of [a, b, c]) s?.child.kill("SIGKILL");
  if (DATABASE_URL) await dropDatabase(DATABASE_URL);
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

/** Waits until `s` answers `status` for the listing's page; a generous deadline, not a timing claim. */
async function until(s: Spawned, status: number) {
  await expect.poll(async () => (await get(s, `/imovel/${id}`)).status, { timeout: 15_000 }).toBe(status);
}

/**
 * A GET on a connection of its own (fetch would reuse one): under node:cluster each new connection
 * goes to the next worker in turn, so a run of these reaches every worker.
 */
function getFresh(s: Spawned, p: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; etag: string | undefined; cache: string | undefined }>((resolve, reject) => {
    const req = http.get(`${s.base}${p}`, { agent: false, headers: { "accept-encoding": "br", ...headers } }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode!, etag: res.headers.etag, cache: res.headers["x-cache"] as string | undefined }));
    });
    req.on("error", reject);
  });
}

const fresh20 = (s: Spawned, p: string, headers: Record<string, string> = {}) => Promise.all(Array.from({ length: 20 }, () => getFresh(s, p, headers)));

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

test("a page rendered to be shared carries no nonce, kept or not; a private one does", async () => {
  const inlineHashes = (html: string) =>
    [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => `'sha256-${crypto.createHash("sha256").update(m[1]).digest("base64")}'`);
  // A 404 is rendered as a shareable page would be, and not kept: its scripts must still run.
  for (const p of ["/sobre", "/imovel/999999999"]) {
    const r = await get(a, p);
    const html = await r.text();
    const csp = r.headers.get("content-security-policy")!;
    expect(html, p).not.toMatch(/\bnonce=/);
    expect(csp, p).not.toContain("'nonce-");
    const hashes = inlineHashes(html);
    expect(hashes.length, `${p}: the precondition, inline scripts to allow`).toBeGreaterThan(0);
    for (const h of hashes) expect(csp, p).toContain(h);
  }
  const bearer = await token(a);
  const own = await get(a, "/sobre", { authorization: `Bearer ${bearer}` });
  const nonce = /'nonce-([^']+)'/.exec(own.headers.get("content-security-policy")!)?.[1];
  expect(nonce).toBeTruthy();
  expect(await own.text()).toContain(`nonce="${nonce}"`);
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

test("one content version is one set of bytes: the same ETag from every worker and every machine, 304 20 times out of 20", async () => {
  const answers = await fresh20(c, "/");
  expect(answers.every((r) => r.status === 200)).toBe(true);
  // The precondition: both workers of `c` rendered the page once (a MISS each), so both copies are compared.
  expect(answers.filter((r) => r.cache === "MISS")).toHaveLength(2);
  const etags = new Set(answers.map((r) => r.etag));
  expect([...etags]).toHaveLength(1);
  const [etag] = etags;
  // Other machines render the same bytes for the same version.
  for (const s of [a, b]) expect((await get(s, "/")).headers.get("etag")).toBe(etag);
  const revalidated = await fresh20(c, "/", { "if-none-match": etag! });
  expect(revalidated.map((r) => r.status)).toEqual(Array(20).fill(304));
});

test("an admin's write shows on the very next request of every worker of its machine", async () => {
  const bearer = await token(c);
  // Every worker holds the page first (HIT), so a stale copy would be served if the write did not reach it.
  await fresh20(c, `/imovel/${id}`);
  const warm = await fresh20(c, `/imovel/${id}`);
  expect(warm.every((r) => r.status === 200 && r.cache === "HIT")).toBe(true);
  await setAtivo(c, bearer, "nao");
  expect((await fresh20(c, `/imovel/${id}`)).map((r) => r.status)).toEqual(Array(20).fill(404));
  await setAtivo(c, bearer, "sim");
  expect((await fresh20(c, `/imovel/${id}`)).map((r) => r.status)).toEqual(Array(20).fill(200));
});

test("an admin's write shows on the next request of the same process, and on another machine once it reads the version again", async () => {
  const bearer = await token(a);
  // Both hold the page (a HIT) first; a machine trusts the version it read for up to a second, so
  // after the writes of the tests above this may take a moment.
  for (const s of [a, b]) await expect.poll(async () => (await get(s, `/imovel/${id}`)).headers.get("x-cache"), { timeout: 15_000 }).toBe("HIT");
  await setAtivo(b, bearer, "nao");
  expect((await get(b, `/imovel/${id}`)).status, "the writer's own process, next request").toBe(404);
  // Another machine re-reads the version at most once a second (VERSION_MAX_AGE_MS); the deadline
  // here is generous on purpose, the bound itself is tested without a clock in content-version.test.ts.
  await until(a, 404);

  await setAtivo(a, bearer, "sim");
  expect((await get(a, `/imovel/${id}`)).status).toBe(200);
  await until(b, 200);
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
