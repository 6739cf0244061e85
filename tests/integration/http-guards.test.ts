// Issue 12: the express layer in front of React Router (server/security.ts, guards.ts, router.ts) on a
// real express server, with a stub in place of React Router that reads the body as React Router would.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import express, { type Request, type Response } from "express";
import { chunkedPost } from "../support/chunked-post";
import { checkPath, sameOrigin } from "../../server/guards.ts";
import { bodyLimit, routerRequest } from "../../server/router.ts";
import helmet from "helmet";
import { helmetHeaders, helmetOptions, newNonce, securityHeaders } from "../../server/security.ts";


let base = "";
let server: http.Server;
let seen: { headers: http.IncomingHttpHeaders; bytes: number }[] = [];

async function start(publicUrl: string, imgPublicUrl?: string) {
  const app = express();
  app.set("trust proxy", "loopback");
  app.use(securityHeaders({ publicUrl, imgPublicUrl }));
  app.use(checkPath);
  app.use(sameOrigin({ publicUrl }));
  app.get("/page", (_req: Request, res: Response) => res.send(`<script nonce="${res.locals.cspNonce}"></script>`));
  app.all("*", async (req: Request, res: Response) => {
    if (req.method === "GET") return res.status(404).send("nada");
    try {
      const text = await routerRequest(req, res, bodyLimit(req)).text();
      seen.push({ headers: { ...req.headers }, bytes: text.length });
      if (!res.headersSent) res.send(`ok ${text.length}`);
    } catch {
      // the 413 is already written by the counter
    }
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const post = (path: string, headers: Record<string, string> = {}, body = "a=1") =>
  fetch(`${base}${path}`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers }, body });

describe("security headers", () => {
  beforeAll(() => start("https://imob.example", "https://cdn.example/fotos"));
  afterAll(() => server.close());

  it("a nonce CSP (a new nonce each time), HSTS on https, nosniff, Referrer- and Permissions-Policy on pages and 404s", async () => {
    const nonces = new Set<string>();
    for (const path of ["/page", "/page", "/nao-existe"]) {
      const res = await fetch(`${base}${path}`);
      const csp = res.headers.get("Content-Security-Policy")!;
      const nonce = /script-src 'nonce-([A-Za-z0-9+/=]{20,})' 'strict-dynamic'/.exec(csp)?.[1];
      expect(nonce, path).toBeTruthy();
      nonces.add(nonce!);
      if (path === "/page") expect(await res.text()).toBe(`<script nonce="${nonce}"></script>`);
      for (const d of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "form-action 'self'", "frame-src https://www.google.com https://www.youtube-nocookie.com;"]) {
        expect(csp, d).toContain(d);
      }
      expect(csp).toContain("img-src 'self' data: blob: https://cdn.example;");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(res.headers.get("Strict-Transport-Security")).toMatch(/max-age=\d+/);
      expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(res.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("Permissions-Policy")).toContain("geolocation=()");
    }
    expect(nonces.size).toBe(3);
    // Pages only for this site; the public photos for any (the original /api client shows them).
    expect((await fetch(`${base}/page`)).headers.get("Cross-Origin-Resource-Policy")).toBe("same-site");
    expect((await fetch(`${base}/img/x.jpg`)).headers.get("Cross-Origin-Resource-Policy")).toBe("cross-origin");
  });
});

describe("helmet asked once", () => {
  /** What helmet itself sets on one response with this nonce, as it ran per request before. */
  function perRequest(options: Parameters<typeof helmet>[0], nonce: string) {
    const set = new Map<string, string>();
    const res = { locals: { cspNonce: nonce }, setHeader: (k: string, v: string) => set.set(k, String(v)), removeHeader: (k: string) => set.delete(k) };
    helmet(options)({ method: "GET", headers: {} } as never, res as never, () => {});
    return set;
  }

  it("gives the headers helmet gives per request, the nonce in its place, for http and https", () => {
    for (const settings of [{ publicUrl: "http://localhost:3000" }, { publicUrl: "https://imob.example", imgPublicUrl: "https://cdn.example/fotos" }]) {
      const options = helmetOptions(settings);
      const nonce = newNonce();
      const { fixed, csp } = helmetHeaders(options);
      const expected = perRequest(options, nonce);
      expect(new Map([...fixed, csp(nonce)])).toEqual(expected);
      // The headers a page needs are among them (not an empty set compared with an empty set).
      expect(expected.get("Content-Security-Policy")).toContain(`'nonce-${nonce}'`);
      expect(expected.has("Strict-Transport-Security")).toBe(settings.publicUrl.startsWith("https:"));
    }
  });

  it("makes nonces that do not repeat, 16 bytes each, across pool refills", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i++) seen.add(newNonce());
    expect(seen.size).toBe(1000);
    for (const n of seen) expect(Buffer.from(n, "base64")).toHaveLength(16);
  });
});

describe("URLs, same origin and body limits", () => {
  beforeAll(() => start("http://localhost:3000"));
  afterAll(() => server.close());

  it("malformed percent-encoding is a 400 (JSON under /api), a '..' segment a 404", async () => {
    for (const path of ["/%C0", "/imovel/%E0%A4%A", "/%"]) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(400);
      expect(await res.text()).toContain("Endereço inválido.");
    }
    const api = await fetch(`${base}/api/get_imovel_site_id/%C0`);
    expect(api.status).toBe(400);
    expect(await api.json()).toEqual({ error: "Endereço inválido." });
    expect((await fetch(`${base}/img/%2e%2e/package.json`)).status).toBe(404);
  });

  it("refuses a cross-site write with a 403 page (JSON for cookie /api), whatever says it is cross-site", async () => {
    seen = [];
    const cases: Record<string, string>[] = [
      { Origin: "https://evil.example" },
      { Origin: "null" },
      { Origin: "não é uma origem" },
      { "Sec-Fetch-Site": "cross-site" },
      { "Sec-Fetch-Site": "same-site" },
      { Referer: "https://evil.example/form" },
    ];
    for (const h of cases) {
      const res = await post("/contato", h);
      expect(res.status, JSON.stringify(h)).toBe(403);
      expect(res.headers.get("Content-Type")).toContain("text/html");
      expect(await res.text()).toContain("Requisição de outro site recusada");
    }
    const api = await post("/api/ativo", { Origin: "https://evil.example", Cookie: "__session=x" });
    expect(api.status).toBe(403);
    expect(await api.json()).toEqual({ error: expect.stringContaining("outro site") });
    expect(seen).toEqual([]);
  });

  it("lets same-origin writes through with Origin removed, so React Router's Host check cannot throw", async () => {
    seen = [];
    // Own host, PUBLIC_URL (behind a proxy the Host differs), a same-origin fetch, a non-browser client.
    const cases: Record<string, string>[] = [
      { Origin: base },
      { Origin: "http://localhost:3000" },
      { Origin: "http://imob.example", "X-Forwarded-Host": "imob.example" },
      { "Sec-Fetch-Site": "same-origin" },
      { Referer: `${base}/contato` },
      {},
    ];
    for (const h of cases) {
      expect((await post("/login", h)).status, JSON.stringify(h)).toBe(200);
    }
    expect(seen.map((s) => s.headers.origin)).toEqual(cases.map(() => undefined));
    expect(seen.map((s) => s.headers["sec-fetch-site"])).toEqual([...cases.slice(1).map(() => "same-origin"), undefined]);
    // GET is never refused; cookieless /api (bearer tokens) stays callable from anywhere, marked cross-site.
    expect((await fetch(`${base}/page`, { headers: { Origin: "https://evil.example" } })).status).toBe(200);
    seen = [];
    expect((await post("/api/ativo", { Origin: "https://evil.example", Authorization: "Bearer x" })).status).toBe(200);
    expect(seen[0].headers["sec-fetch-site"]).toBe("cross-site");
  });

  it("64 KB for anonymous bodies, the upload limit with credentials on admin and /api paths", async () => {
    const kb = (n: number) => "a=" + "x".repeat(n * 1024 - 2);
    expect(await (await post("/contato", {}, kb(64))).text()).toBe(`ok ${64 * 1024}`);
    const over = await post("/contato", {}, kb(64) + "x");
    expect(over.status).toBe(413);
    expect(await over.text()).toContain("Envio grande demais: o limite é de 64 KB.");
    const overApi = await post("/api/logar", {}, kb(65));
    expect(overApi.status).toBe(413);
    expect((await overApi.json()).error).toContain("64 KB");
    expect((await post("/admin/imovel/novo", {}, kb(65))).status).toBe(413);
    expect((await post("/admin/imovel/novo", { Cookie: "__session=x" }, kb(300))).status).toBe(200);
    expect((await post("/api/inserir_imovel_site", { Authorization: "Bearer x" }, kb(300))).status).toBe(200);
    // Credentials buy nothing on a public page.
    expect((await post("/contato", { Cookie: "__session=x" }, kb(65))).status).toBe(413);
    // 'Anuncie seu imóvel' (issue 23) carries an owner's photos, as a page post and as React Router's data post.
    for (const path of ["/anuncie", "/anuncie.data"]) expect((await post(path, {}, kb(300))).status, path).toBe(200);
    expect((await post("/anuncie/x", {}, kb(65))).status).toBe(413);
  });

  it("a 64 MiB chunked body is refused as soon as 64 KB have passed, without reading the rest", async () => {
    const { status, sent } = await chunkedPost(`${base}/contato`, 64);
    expect(status).toBe(413);
    // The client got its answer long before it could push 64 MiB.
    expect(sent).toBeLessThan(16 * 1024 * 1024);
  });
});
