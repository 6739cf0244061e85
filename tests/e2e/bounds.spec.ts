// Issue 12 on the production build: malformed URLs, oversized bodies and cross-site writes get a
// clear 4xx page (never a 500), and an oversized body is not read to its end.
import { test, expect } from "./helpers";
import { chunkedPost } from "../support/chunked-post";
import { E2E } from "./env";

test("a malformed URL answers 400 with a page in Portuguese", async ({ page, baseURL }) => {
  for (const path of ["/%C0", "/imovel/%E0%A4%A"]) {
    const res = await page.goto(`${baseURL}${path}`);
    expect(res!.status(), path).toBe(400);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Endereço inválido.");
  }
});

test("a 64 MiB chunked POST to /contato or /login is refused (413) long before its end", { tag: "@http" }, async ({ baseURL }) => {
  for (const path of ["/contato", "/login"]) {
    const r = await chunkedPost(`${baseURL}${path}`, 64, { Origin: baseURL! });
    expect(r.status, path).toBe(413);
    // Refused long before its end: the client could not push a quarter of it.
    expect(r.sent, path).toBeLessThan(16 * 1024 * 1024);
  }
});

test("a cross-site write is 403, a same-origin one behind a proxy is not Remix's 500", { tag: "@http" }, async ({ request, baseURL }) => {
  const evil = await request.post("/login", { headers: { Origin: "https://evil.example" }, form: { email: "a@b.c", password: "x" }, maxRedirects: 0 });
  expect(evil.status()).toBe(403);
  expect(await evil.text()).toContain("Requisição de outro site recusada");
  const api = await request.post("/api/logout", { headers: { Origin: "https://evil.example", Cookie: "x=1" } });
  expect(api.status()).toBe(403);
  expect(await api.json()).toEqual({ error: expect.stringContaining("outro site") });
  // The proxy names another host (X-Forwarded-Host, trusted from loopback) while the browser's Origin
  // is PUBLIC_URL: Remix's own guard threw "x-forwarded-host header does not match origin" → 500.
  const proxied = await request.post("/login", {
    headers: { Origin: baseURL!, "X-Forwarded-Host": "imob.example" },
    form: { email: E2E.ADMIN_EMAIL, password: "errada" },
    maxRedirects: 0,
  });
  expect(proxied.status()).toBeLessThan(500);
  // Bearer-token /api calls without cookies stay callable from other origins (the original client).
  // Plain fetch: Playwright's request context would carry the cookies of the calls above.
  const app = { Origin: "https://app.example", "Sec-Fetch-Site": "cross-site" };
  const token = await fetch(`${baseURL}/api/logar`, { method: "POST", headers: app, body: new URLSearchParams({ email: E2E.ADMIN_EMAIL, password: E2E.ADMIN_PASSWORD }) });
  expect(token.status).toBe(200);
  const list = await fetch(`${baseURL}/api/ativo`, {
    method: "POST",
    headers: { ...app, Authorization: `Bearer ${await token.json()}` },
    body: new URLSearchParams({ id: "999999999", ativo: "sim" }),
  });
  expect(list.status, await list.text()).toBe(404);
});
