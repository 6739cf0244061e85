import AxeBuilder from "@axe-core/playwright";
import { gzipSync } from "node:zlib";
import { test, expect } from "./helpers";
import { query } from "./db";

// Runs in the js project only (see playwright.config.ts): axe runs inside the page, and without
// JavaScript no script is loaded to measure.
test("public pages stay within 120 KB of gzipped JavaScript", async ({ page }) => {
  test.setTimeout(90_000);
  const [row] = await query<{ id: number }>("SELECT id FROM imoveis WHERE ativo = 'sim' LIMIT 1");
  for (const url of ["/", "/imoveis", `/imovel/${row.id}`, "/contato", "/sobre"]) {
    let total = 0;
    const sizes: Promise<void>[] = [];
    const onResponse = (res: import("@playwright/test").Response) => {
      if (res.request().resourceType() === "script") sizes.push(res.body().then((b) => void (total += gzipSync(b).length)));
    };
    page.on("response", onResponse);
    await page.goto(url, { waitUntil: "networkidle" });
    await Promise.all(sizes);
    page.off("response", onResponse);
    expect(total, `${url}: ${total} bytes`).toBeGreaterThan(10_000);
    expect(total, `${url}: ${total} bytes`).toBeLessThanOrEqual(120 * 1024);
  }
});

// issue 11: the home page's HTML (markup + loader data + Remix's scripts) is ≤ 25 KB raw.
test("the home page's HTML stays within 25 KB", async ({ request }) => {
  const res = await request.get("/");
  const html = await res.body();
  expect(res.status()).toBe(200);
  // The full page: its three lists (6 + 6 + 3 cards) and the data to hydrate them.
  expect((html.toString().match(/<article class="card"/g) ?? []).length).toBe(15);
  expect(html.toString()).toContain("window.__remixContext");
  expect(html.length, `${html.length} bytes`).toBeLessThanOrEqual(25_000);
});

// Moderate too: heading-order (a card's h3 right under the page's h1) is one, and Lighthouse counts it.
test("public pages have no moderate, serious or critical accessibility violations", async ({ page, open }) => {
  test.setTimeout(120_000);
  const [row] = await query<{ id: number }>("SELECT id FROM imoveis WHERE ativo = 'sim' LIMIT 1");
  for (const url of ["/", "/imoveis", "/venda", `/imovel/${row.id}`, "/?status=Venda&tipo=Todos&local=Votuporanga&quartos=1&banheiros=1", "/imovel/999999"]) {
    await open(url);
    const { violations } = await new AxeBuilder({ page }).analyze();
    const bad = violations.filter((v) => v.impact === "moderate" || v.impact === "serious" || v.impact === "critical");
    expect(bad.map((v) => `${url}: ${v.id} – ${v.help}`)).toEqual([]);
  }
});
