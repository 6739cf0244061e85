import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { query } from "./db";
import { test, expect, loginAsAdmin, settled } from "./helpers";
import { photoListingIds } from "./listings";

// Issue 12: the CSP breaks nothing (no violation in the console, scripts run: hydration, the
// carousel, the editor, the cropper), and a form sent from another site is refused with a page.

/** Collects what Chromium reports of the CSP: "Refused to …" console errors and page errors. */
function watchCsp(page: Page) {
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(`${page.url()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => violations.push(`${page.url()}: ${e.message}`));
  return violations;
}

/** An active seeded listing with at least two photos that photos.spec never changes. */
async function galleryListing() {
  const reserved = await photoListingIds();
  const rows = await query<{ id: number }>(
    `SELECT i.id FROM imoveis i JOIN imovel_fotos f ON f.imovel_id = i.id WHERE i.ativo = 'sim'
     GROUP BY i.id HAVING COUNT(*) >= 2 ORDER BY i.id`,
  );
  const row = rows.find((r) => !reserved.includes(r.id));
  if (!row) throw new Error("no seeded listing with two photos");
  return row.id;
}

/**
 * A page rendered for one request carries its own nonce; a page that may be shared (the page cache,
 * server/page-cache.ts, header X-Cache: MISS when rendered, HIT when served from memory) allows its
 * inline scripts by hash and the build by 'self', whether rendered or served from memory.
 */
function expectScriptPolicy(headers: Record<string, string>, path: string, shared: boolean) {
  const csp = headers["content-security-policy"];
  if (shared) {
    expect(headers["x-cache"], path).toMatch(/^(MISS|HIT)$/);
    expect(csp, path).toMatch(/script-src 'self'( 'sha256-[^']+')+;/);
    expect(csp, path).not.toContain("nonce");
  } else {
    expect(headers["x-cache"], path).toBeUndefined();
    expect(/'nonce-([^']+)'/.exec(csp)?.[1], path).toBeTruthy();
    expect(csp, path).toContain("'strict-dynamic'");
  }
  expect(csp, path).toContain("frame-ancestors 'none'");
}

test("public pages carry a nonce CSP (or, shared, script hashes) and run their scripts without a CSP violation", { tag: "@js" }, async ({ page }) => {
  // JavaScript only (scripts run only with JavaScript): the nojs project leaves out the tests tagged @js.
  const violations = watchCsp(page);
  const id = await galleryListing();
  for (const path of ["/", "/imoveis", "/locacao", "/sobre", "/contato", "/login", `/imovel/${id}`]) {
    const shared = path !== "/login";
    const first = await page.goto(path);
    expectScriptPolicy(first!.headers(), path, shared);
    await settled(page);
    if (shared) {
      // The shared copy itself, served from memory: asserted, not hoped for (another test's write
      // may empty the cache in between, so ask again until it is a HIT).
      let hit: Record<string, string> = {};
      await expect
        .poll(async () => (hit = (await page.goto(path))!.headers())["x-cache"], { timeout: 15_000, message: `${path}: a HIT` })
        .toBe("HIT");
      expectScriptPolicy(hit, path, true);
      await settled(page);
    }
    if (path.startsWith("/imovel/")) {
      // Swiper (a chunk and its CSS) loads on the visitor's first interaction with the gallery.
      await page.locator(".gallery").hover();
      await expect(page.locator(".gallery[data-carousel=ready]")).toBeAttached();
    }
  }
  expect(violations).toEqual([]);
});

test("admin pages (list, editor, cropper, banner, messages) run without a CSP violation", { tag: "@js" }, async ({ page, js }) => {
  // JavaScript only (scripts run only with JavaScript): the nojs project leaves out the tests tagged @js.
  const violations = watchCsp(page);
  await loginAsAdmin(page, js);
  // Only opened, never saved: photos.spec's listings stay untouched either way.
  const id = await galleryListing();
  const [foto] = await query<{ id: number }>("SELECT id FROM imovel_fotos WHERE imovel_id = ? ORDER BY id LIMIT 1", [id]);
  await page.goto(`/admin/imovelEdit/${id}`);
  await settled(page);
  await expect(page.locator(".ql-editor")).toBeVisible();
  await page.goto(`/admin/imovelEdit/${id}/foto/${foto.id}/ajuste`);
  await settled(page);
  await expect(page.getByRole("img", { name: "Imagem a ajustar" })).toBeVisible();
  for (const path of ["/admin", "/admin/imovel", "/admin/imovel/novo", "/admin/banner", "/admin/mensagens", `/admin/imovelEdit/${id}/fotos`]) {
    await page.goto(path);
    await settled(page);
  }
  expect(violations).toEqual([]);
});

test("headers on a page, an asset, /img, /api and a 404", async ({ page, request }) => {
  await page.goto("/");
  const asset = await page.locator("link[rel=stylesheet]").first().getAttribute("href");
  const [foto] = await query<{ img: string }>("SELECT img FROM imovel_fotos ORDER BY id LIMIT 1");
  for (const path of ["/", asset!, `/img/${foto.img}`, "/api/get_banner", "/nada/aqui/404", "/favicon.svg"]) {
    const res = await request.get(path, { maxRedirects: 0 });
    const h = res.headers();
    expect(h["content-security-policy"], path).toMatch(/script-src ('nonce-[^']+' 'strict-dynamic'|'self')/);
    expect(h["x-content-type-options"], path).toBe("nosniff");
    expect(h["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    expect(h["permissions-policy"], path).toContain("camera=()");
    // PUBLIC_URL of the e2e server is http: no HSTS.
    expect(h["strict-transport-security"], path).toBeUndefined();
  }
});

test("the nonce of the header is the one of every script, and appears only as nonce attributes", { tag: "@http" }, async ({ request }) => {
  // /login is never shared, so each answer is rendered for its request.
  const res = await request.get("/login");
  const nonce = /'nonce-([^']+)'/.exec(res.headers()["content-security-policy"])![1];
  const html = await res.text();
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const s of scripts) expect(s).toContain(`nonce="${nonce}"`);
  expect(html.split(nonce).length - 1).toBe(html.split(`nonce="${nonce}"`).length - 1);
  // A new response, a new nonce.
  const again = await request.get("/login");
  expect(again.headers()["content-security-policy"]).not.toContain(nonce);
});

test("a shared page's CSP lists the hash of each of its inline scripts, and no nonce", { tag: "@http" }, async ({ request }) => {
  await request.get("/contato");
  const res = await request.get("/contato");
  expect(res.headers()["x-cache"]).toBe("HIT");
  const csp = res.headers()["content-security-policy"];
  const inline = [...(await res.text()).matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  expect(inline.length).toBeGreaterThan(0);
  for (const body of inline) expect(csp).toContain(`'sha256-${crypto.createHash("sha256").update(body).digest("base64")}'`);
  expect(csp).not.toContain("nonce");
});

test("a form posted from another site is refused with a page in Portuguese, nothing stored", async ({ page, baseURL }) => {
  const marker = `cross-site ${Date.now()}`;
  // about:blank posts with "Origin: null": a real browser's cross-site submission, with or without JS.
  // (The worker's tab may still show the last test's page of the site: leave it first.)
  await page.goto("about:blank");
  await page.setContent(
    `<form method="post" action="${baseURL}/contato"><input name="nome" value="Ana"><input name="email" value="ana@exemplo.com.br">` +
      `<input name="telefone" value="(17) 99999-0000"><input name="mensagem" value="${marker}"><button>Enviar</button></form>`,
  );
  const [res] = await Promise.all([page.waitForResponse(`${baseURL}/contato`), page.getByRole("button", { name: "Enviar" }).click()]);
  expect(res.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Requisição de outro site recusada");
  expect(await query("SELECT id FROM mensagens WHERE mensagem = ?", [marker])).toEqual([]);
});
