import { brotliCompressSync, gzipSync } from "node:zlib";
import { test, expect, axeBuilder, loginAsAdmin, settled } from "./helpers";
import { query } from "./db";
import { photoListingIds } from "./listings";

// What the network carries is measured here: contexts of their own, with a cold cache, as a first visit.
test.use({ freshContext: true });

// Runs in the js project only (see playwright.config.ts): axe runs inside the page, and without
// JavaScript no script is loaded to measure.
// The budget: 120 KB from the first build to issue 22, whose search marks the words on every card;
// the property page (React, Remix, zod for its contact form, Swiper) was 122,799 bytes before it.
// 125 KB until issue 31 moved to React 19.2 and React Router 8, whose runtime is larger: the
// property page went from ≤ 125 KB to 146,348 bytes (react-dom's client alone is ~15 KB more in
// gzip). Raised on purpose to 145 KB, the figures of the move in docs/decisions/0031.
// 150 KB since zod 4 (decision 0034): zod 4 classic's chunk is 10.5 KB more in gzip than zod 3's
// (22,783 → 33,281 bytes), paid by the pages with a validated form; /contato went from about
// 140,200 to 150,724 bytes, the property page (146,388) does not load it.
const BUDGET_KB = 150;

test(`public pages stay within ${BUDGET_KB} KB of gzipped JavaScript`, async ({ page }) => {
  test.setTimeout(90_000);
  // One with a carousel (two photos or more), and not one whose photos photos.spec changes meanwhile.
  const [row] = await query<{ id: number }>(
    "SELECT i.id FROM imoveis i JOIN imovel_fotos f ON f.imovel_id = i.id WHERE i.ativo = 'sim' AND i.id NOT IN (?) GROUP BY i.id HAVING COUNT(*) >= 2 ORDER BY i.id LIMIT 1",
    [await photoListingIds()],
  );
  for (const url of ["/", "/imoveis", `/imovel/${row.id}`, "/contato", "/sobre"]) {
    let total = 0;
    const sizes: Promise<void>[] = [];
    const onResponse = (res: import("@playwright/test").Response) => {
      if (res.request().resourceType() === "script") sizes.push(res.body().then((b) => void (total += gzipSync(b).length)));
    };
    page.on("response", onResponse);
    // Hydrated first: the scripts load once the largest image has painted (decision 0017), which on
    // a busy machine can come after a quiet network moment.
    await page.goto(url);
    await settled(page);
    if (url.startsWith("/imovel/")) {
      // Swiper loads on the first interaction with the gallery: it counts too.
      await page.locator(".gallery").hover();
      await page.locator(".gallery[data-carousel=ready]").waitFor({ state: "attached" });
    }
    await Promise.all(sizes);
    page.off("response", onResponse);
    console.log(`${url}: ${total} bytes`);
    expect(total, `${url}: ${total} bytes`).toBeGreaterThan(10_000);
    expect(total, `${url}: ${total} bytes`).toBeLessThanOrEqual(BUDGET_KB * 1024);
  }
});

// issue 11: the home page's HTML (markup + loader data + React Router's scripts) is ≤ 25 KB raw. Issue 22 put
// a heart (a form) on each of its 15 cards: +2,850 bytes raw, +106 in brotli (23,039 → 25,889 raw,
// 4,939 → 5,045 br, measured on 3,000 listings). The raw budget is now 27 KB, and what travels has
// its own: ≤ 5.5 KB in brotli.
test("the home page's HTML stays within 27 KB, 5.5 KB in brotli", async ({ request }) => {
  const res = await request.get("/");
  const html = await res.body();
  expect(res.status()).toBe(200);
  // The full page: its three lists (6 + 6 + 3 cards) and the data to hydrate them.
  expect((html.toString().match(/<article class="card"/g) ?? []).length).toBe(15);
  expect(html.toString()).toContain("window.__reactRouterContext");
  expect(html.length, `${html.length} bytes`).toBeLessThanOrEqual(27_000);
  const br = brotliCompressSync(html).length;
  expect(br, `${br} bytes in brotli`).toBeLessThanOrEqual(5_500);
});

// Moderate too: heading-order (a card's h3 right under the page's h1) is one, and Lighthouse counts it.
test("public pages have no moderate, serious or critical accessibility violations", async ({ page, open }) => {
  test.setTimeout(120_000);
  // One with a carousel (two photos or more), and not one whose photos photos.spec changes meanwhile.
  const [row] = await query<{ id: number }>(
    "SELECT i.id FROM imoveis i JOIN imovel_fotos f ON f.imovel_id = i.id WHERE i.ativo = 'sim' AND i.id NOT IN (?) GROUP BY i.id HAVING COUNT(*) >= 2 ORDER BY i.id LIMIT 1",
    [await photoListingIds()],
  );
  for (const url of ["/", "/imoveis", "/venda", `/imovel/${row.id}`, "/?status=Venda&tipo=Todos&local=Votuporanga&quartos=1&banheiros=1", "/imovel/999999"]) {
    await open(url);
    const { violations } = await axeBuilder(page).analyze();
    const bad = violations.filter((v) => v.impact === "moderate" || v.impact === "serious" || v.impact === "critical");
    expect(bad.map((v) => `${url}: ${v.id} – ${v.help}`)).toEqual([]);
  }
});

// docs/decisions/0017: the scripts wait for the page's high-priority images (its largest paint).
test("the scripts are requested only once the page's high-priority images are in", async ({ browser }) => {
  const [row] = await query<{ id: number }>("SELECT i.id FROM imoveis i JOIN imovel_fotos f ON f.imovel_id = i.id WHERE i.ativo = 'sim' GROUP BY i.id ORDER BY i.id LIMIT 1");
  for (const url of ["/venda", `/imovel/${row.id}`]) {
    // A fresh context each time: nothing comes from the memory cache, every request is timed.
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(url);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const { images, firstScript } = await page.evaluate(() => {
      const entries = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
      const high = Array.from(document.querySelectorAll<HTMLImageElement>("img[fetchpriority=high]"), (i) => i.currentSrc);
      return {
        images: entries.filter((e) => high.includes(e.name)).map((e) => e.responseEnd),
        firstScript: Math.min(...entries.filter((e) => /\/assets\/.*\.js$/.test(e.name)).map((e) => e.startTime)),
      };
    });
    await context.close();
    expect(images.length, url).toBeGreaterThan(0);
    expect(firstScript, url).toBeGreaterThan(Math.max(...images));
  }
});

// Issue 11: pages rendered per request (an admin never gets the shared copy) are rendered whole by
// renderToString (the loader data read ahead, app/entry.server.tsx) and their scripts rewritten to
// wait for the largest paint (app/scripts-gate.server.ts). Production React reports a difference
// in the tree or its text as an error, and the links must navigate in the browser.
test("a page rendered per request hydrates without an error, and its links navigate in the browser", { tag: "@js" }, async ({ page, js }) => {
  // JavaScript only (hydration needs JavaScript): the nojs project leaves out the tests tagged @js.
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(`${page.url()}: ${m.text()}`));
  page.on("pageerror", (e) => errors.push(`${page.url()}: ${e.message}`));
  await loginAsAdmin(page, js);
  const [{ id }] = await query<{ id: number }>("SELECT id FROM imoveis WHERE ativo = 'sim' ORDER BY id LIMIT 1");
  for (const path of ["/", "/venda", "/imoveis?page=2", `/imovel/${id}`, "/sobre"]) {
    const res = await page.goto(path);
    expect(res!.headers()["x-cache"], path).toBeUndefined();
    await settled(page);
  }
  // The header marks the page it is on, and a click is a client navigation (no new document).
  await page.goto("/venda");
  await settled(page);
  const nav = page.getByRole("navigation", { name: "Principal" });
  await expect(nav.getByRole("link", { name: "Venda" })).toHaveAttribute("aria-current", "page");
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  await nav.getByRole("link", { name: "Locação" }).click();
  await page.waitForURL(/\/locacao$/);
  await expect(nav.getByRole("link", { name: "Locação" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Venda" })).not.toHaveAttribute("aria-current", "page");
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  expect(errors).toEqual([]);
});
