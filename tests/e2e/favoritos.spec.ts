// Issue 22: favourites without an account, with JavaScript on (in place, through a fetcher) and off
// (a plain form POST that comes back to the page): a heart on the card → the header's count →
// /favoritos → its shared link opened by someone else → removed. Seeded listings only (listings.ts):
// nothing here changes a listing; the list lives in this test's own browser context.
import { test, expect } from "./helpers";
import { query } from "./db";
import { SEEDED_SQL } from "./listings";

test("save from a card, see the count, list, share with a fresh browser, remove", async ({ page, open, browser, baseURL, js }) => {
  // A seeded listing on the first page of /venda that shows one: other specs add listings for sale
  // of their own, newer, which can fill the first pages in a full run.
  const seeded = await query<{ id: number }>(`SELECT i.id FROM imoveis i WHERE i.ativo = 'sim' AND i.status = 'Venda' AND ${SEEDED_SQL}`);
  let list = "";
  let found: number | undefined;
  for (let n = 1; n <= 10 && found === undefined; n++) {
    list = n === 1 ? "/venda" : `/venda?page=${n}`;
    await open(list);
    const shown = await page.locator(".card a[href^='/imovel/']").evaluateAll((as) => as.map((a) => Number(a.getAttribute("href")!.split("/").pop())));
    found = shown.find((id) => seeded.some((s) => s.id === id));
  }
  expect(found, "a seeded listing on one of /venda's first ten pages").toBeGreaterThan(0);
  const first = { id: found! };
  const card = page.locator(".card", { has: page.locator(`a[href="/imovel/${first.id}"]`) });
  const heart = card.getByRole("button", { name: "Salvar nos favoritos" });
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByRole("link", { name: "Favoritos", exact: true })).toBeVisible();
  // A mark on this document: it survives only if the heart works in place (no page load).
  if (js) await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));
  await heart.click();
  // Without JavaScript the form came back to the same page; with it, nothing navigated.
  await expect(page).toHaveURL(new RegExp(`${list.replace("?", "\\?")}$`));
  await expect(card.getByRole("button", { name: "Remover dos favoritos" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("link", { name: "Favoritos (1)" })).toBeVisible();
  if (js) expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);

  // The property page knows it too, and says so in words.
  await open(`/imovel/${first.id}`);
  await expect(page.locator(".imovel-head").getByRole("button", { name: "Remover dos favoritos" })).toHaveAttribute("aria-pressed", "true");

  await page.getByRole("link", { name: "Favoritos (1)" }).click();
  await expect(page).toHaveURL(/\/favoritos$/);
  await expect(page.getByRole("heading", { name: "Meus favoritos" })).toBeVisible();
  await expect(page.locator(".card")).toHaveCount(1);
  const share = await page.getByRole("link", { name: "Compartilhar lista" }).getAttribute("href");
  expect(share).toBe(`/favoritos?ids=${first.id}`);

  // Someone else opens the shared link: the list, though their own is empty.
  const other = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const otherPage = await other.newPage();
  await otherPage.goto(share!);
  await expect(otherPage.getByRole("heading", { name: "Lista de favoritos" })).toBeVisible();
  await expect(otherPage.locator(`.card a[href="/imovel/${first.id}"]`)).toHaveCount(1);
  await expect(otherPage.getByRole("link", { name: "Favoritos", exact: true })).toBeVisible();
  await other.close();

  await page.locator(".card").getByRole("button", { name: "Remover dos favoritos" }).click();
  await expect(page.getByRole("link", { name: "Favoritos", exact: true })).toBeVisible();
  // Back on the list page (no JS) or after the in-place removal (JS) the list is empty.
  await open("/favoritos");
  await expect(page.getByText("Você ainda não salvou nenhum imóvel.")).toBeVisible();
});

test("'Limpar' empties the list and the visitor's pages are the shared copies again", async ({ page, open, context, baseURL }) => {
  const rows = await query<{ id: number }>(`SELECT i.id FROM imoveis i WHERE i.ativo = 'sim' AND ${SEEDED_SQL} ORDER BY i.id LIMIT 2`);
  await context.addCookies([{ name: "imob_favoritos", value: rows.map((r) => r.id).join("."), url: baseURL! }]);
  // A visitor with favourites: their own copy, kept by the server only (private to CDNs), no cookie set.
  const own = await page.request.get("/temporada");
  expect(own.headers()["cache-control"]).toBe("private, max-age=0");
  expect(own.headers()["set-cookie"]).toBeUndefined();
  // Kept by the server's cache for this list: the next read of the page is a HIT, still private.
  await expect
    .poll(async () => {
      const again = await page.request.get("/temporada");
      return `${again.headers()["x-cache"]} ${again.headers()["cache-control"]}`;
    }, { timeout: 15_000 })
    .toBe("HIT private, max-age=0");
  await open("/favoritos");
  await expect(page.locator(".card")).toHaveCount(2);
  await page.getByRole("button", { name: "Limpar" }).click();
  await expect(page.getByText("Você ainda não salvou nenhum imóvel.")).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === "imob_favoritos")).toBeUndefined();
  const shared = await page.request.get("/temporada");
  expect(shared.headers()["cache-control"]).toMatch(/^public/);
});
