// Issue 22: "Buscar por bairro, rua ou código", with JavaScript on and off: a code lands on its
// listing, words combine with the filters and pages (the URL keeps all of it), and the cards mark
// the words found. Seeded listings only (listings.ts): every seeded description ends with
// "Agende uma visita com nossos corretores." and every card shows the city.
import { test, expect } from "./helpers";
import { query } from "./db";
import { SEEDED_QUERY, SEEDED_SQL } from "./listings";

test("a listing's code typed in the search box lands on its page, from a list and from the home search", async ({ page, open }) => {
  const [one] = await query<{ id: number }>(`SELECT i.id FROM imoveis i WHERE i.ativo = 'sim' AND i.status = 'Venda' AND ${SEEDED_SQL} ORDER BY i.id LIMIT 1`);
  await open("/locacao");
  await page.getByLabel("Buscar por bairro, rua ou código").fill(`vt ${String(one.id).padStart(4, "0")}`);
  await page.getByRole("button", { name: "Buscar", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/imovel/${one.id}$`));
  await expect(page.getByText(`Cód. VT${String(one.id).padStart(4, "0")}`).first()).toBeVisible();

  await open("/");
  await page.getByRole("search").getByLabel("Buscar por bairro, rua ou código").fill(`VT${one.id}`);
  await page.getByRole("search").getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(new RegExp(`/imovel/${one.id}$`));
});

test("a word search with a filter pages on, keeps both in the URL and marks the words", async ({ page, open }) => {
  const match = "MATCH(i.busca) AGAINST('+votuporanga* +agende*' IN BOOLEAN MODE)";
  const rows = await query<{ id: number }>(`SELECT i.id FROM imoveis i WHERE i.ativo = 'sim' AND ${SEEDED_SQL} AND ${match} ORDER BY ${match} DESC, i.id DESC`);
  expect(rows.length, "enough seeded matches for two pages").toBeGreaterThan(12);
  await open(`/imoveis?${SEEDED_QUERY}`);
  await page.getByLabel("Buscar por bairro, rua ou código").fill("Votuporanga, agende!");
  await page.getByRole("button", { name: "Buscar", exact: true }).click();
  await expect(page).toHaveURL(/q=Votuporanga/);
  await expect(page.locator(".result-count")).toContainText(`${rows.length} imóveis · página 1 de ${Math.ceil(rows.length / 12)}`);
  await expect(page.getByLabel("Ordenar por").locator("option:checked")).toHaveText("Mais relevantes");
  // The city is on the card, "Agende" only in the description: its excerpt shows it, marked.
  const first = page.locator(".card").first();
  await expect(first.locator("h3 + p mark")).toHaveText("Votuporanga");
  await expect(first.locator(".card-trecho mark", { hasText: "Agende" })).toHaveText("Agende");

  await page.getByRole("link", { name: "Próxima ›" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page).toHaveURL(/q=Votuporanga/);
  await expect(page).toHaveURL(new RegExp(SEEDED_QUERY));
  await expect(page.getByLabel("Buscar por bairro, rua ou código")).toHaveValue("Votuporanga, agende!");
  // With JavaScript the URL changes before the new page's cards render: wait for page 2 itself.
  await expect(page.locator(".pagination [aria-current=page]")).toHaveText("2");
  const ids = () => page.locator(".card > a").evaluateAll((as) => as.map((a) => Number(a.getAttribute("href")!.split("/").pop())));
  await expect.poll(ids).toEqual(rows.slice(12, 24).map((r) => r.id));
});

test("short and common words alone are said to be ignored, never an empty or broken list", async ({ page, open }) => {
  const res = await open(`/venda?q=${encodeURIComponent('de "com" + -')}`);
  expect(res?.status()).toBe(200);
  await expect(page.getByText("Palavras ignoradas na busca (curtas ou muito comuns): de, com")).toBeVisible();
  expect(await page.locator(".card").count()).toBeGreaterThan(0);
  await open("/venda?q=xyzzyplugh");
  await expect(page.getByText("Nenhum imóvel corresponde à sua busca.")).toBeVisible();
});
