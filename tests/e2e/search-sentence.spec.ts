// Issue 33: a sentence in the search box becomes the list's filters, shown as chips that each remove
// their part; the URL is the whole search (shared, gone back to), with JavaScript on and off.
// Seeded listings only (listings.ts): SEEDED_QUERY keeps other tests' listings out, and its two
// price bounds are chips too.
import { test, expect } from "./helpers";
import { query } from "./db";
import { SEEDED_QUERY, SEEDED_SQL } from "./listings";
import type { Page } from "@playwright/test";

const BOX = "Buscar por bairro, rua ou código";

/**
 * A seeded bairro with an active Casa for sale with 2 or more bedrooms and another tipo beside it (so
 * removing the tipo's chip finds more), as the other tests have left the shared database.
 */
async function bairroWithCasas() {
  const [row] = await query<{ bairro: string }>(
    `SELECT i.bairro, SUM(i.tipo = 'Casa') AS casas, SUM(i.tipo <> 'Casa') AS outros FROM imoveis i WHERE i.ativo = 'sim' AND i.status = 'Venda' AND i.quartos >= 2 AND ${SEEDED_SQL} GROUP BY i.bairro HAVING casas > 0 AND outros > 0 ORDER BY outros DESC, casas DESC, i.bairro LIMIT 1`,
  );
  expect(row, "the seed has a bairro with a Casa and another tipo for sale, 2+ bedrooms").toBeTruthy();
  return row.bairro;
}

async function idsOf(where: string, params: unknown[] = []) {
  const rows = await query<{ id: number }>(`SELECT i.id FROM imoveis i WHERE i.ativo = 'sim' AND ${SEEDED_SQL} AND ${where} ORDER BY i.created_at DESC, i.id DESC`, params);
  return rows.map((r) => r.id);
}

const shownIds = async (page: Page) =>
  (await page.locator(".card > a").evaluateAll((as) => as.map((a) => a.getAttribute("href")))).map((h) => Number(h!.split("/").pop()));
/** The chips, waited for (with JavaScript the URL changes as the new page renders). */
const expectChips = (page: Page, names: string[]) => expect(page.locator(".search-chips .chip > span:first-child")).toHaveText(names);

test("a sentence becomes the list's filters as chips; a chip removes its part, back brings it, the URL is shareable", async ({ page, open, browser, baseURL, js }) => {
  test.setTimeout(120_000);
  const bairro = await bairroWithCasas();
  const withBairro = await idsOf("i.status = 'Venda' AND i.tipo = 'Casa' AND i.quartos >= 2 AND i.bairro = ?", [bairro]);
  const anyTipo = await idsOf("i.status = 'Venda' AND i.quartos >= 2 AND i.bairro = ?", [bairro]);
  expect(anyTipo.length, "removing the tipo finds more listings").toBeGreaterThan(withBairro.length);

  await open(`/imoveis?${SEEDED_QUERY}`);
  // Accents and case as a visitor types them; "à venda" moves the search to /venda.
  await page.getByLabel(BOX).fill(`CASA 2 quartos ${bairro.toUpperCase()} à venda`);
  await page.getByRole("button", { name: "Buscar", exact: true }).click();
  await expect(page).toHaveURL(/\/venda\?/);
  const url = new URL(page.url());
  expect(Object.fromEntries(url.searchParams)).toEqual({ preco_min: "1", preco_max: "1500000", tipo: "Casa", quartos: "2", bairro });
  await expectChips(page, ["Venda", "Casa", bairro, "2+ quartos", "a partir de R$ 1", "até R$ 1.500.000"]);
  // What was understood is also what the form shows, and nothing is left in the box.
  await expect(page.getByLabel(BOX)).toHaveValue("");
  await expect(page.getByLabel("Tipo", { exact: true })).toHaveValue("Casa");
  await expect(page.getByLabel("Bairro", { exact: true })).toHaveValue(bairro);
  await expect(page.locator(".result-count")).toContainText(`${withBairro.length} ${withBairro.length === 1 ? "imóvel" : "imóveis"}`);
  expect(await shownIds(page)).toEqual(withBairro.slice(0, 12));

  // One click undoes a part: the same list without the tipo.
  await page.getByRole("link", { name: "Remover Casa" }).click();
  await expect(page).toHaveURL((u) => u.pathname === "/venda" && !u.searchParams.has("tipo") && u.searchParams.get("bairro") === bairro);
  await expectChips(page, ["Venda", bairro, "2+ quartos", "a partir de R$ 1", "até R$ 1.500.000"]);
  await expect(page.locator(".result-count")).toContainText(`${anyTipo.length} imóveis`);
  expect(await shownIds(page)).toEqual(anyTipo.slice(0, 12));

  // Back: the tipo is there again.
  await page.goBack();
  await expect(page).toHaveURL((u) => u.searchParams.get("tipo") === "Casa");
  await expect(page.getByRole("link", { name: "Remover Casa" })).toBeVisible();
  expect(await shownIds(page)).toEqual(withBairro.slice(0, 12));

  // The understood URL, opened by someone else (a new browser context, no history): the same search.
  const other = await browser.newContext({ baseURL, javaScriptEnabled: js });
  try {
    const shared = await other.newPage();
    await shared.goto(url.pathname + url.search);
    await expectChips(shared, ["Venda", "Casa", bairro, "2+ quartos", "a partir de R$ 1", "até R$ 1.500.000"]);
    expect(await shownIds(shared)).toEqual(withBairro.slice(0, 12));
  } finally {
    await other.close();
  }

  // The status chip leads to every status, the filters kept.
  await page.getByRole("link", { name: "Remover Venda" }).click();
  await expect(page).toHaveURL((u) => u.pathname === "/imoveis" && u.searchParams.get("tipo") === "Casa");
});

test("the home search's sentence opens the list of its status with what it understood; words stay words", async ({ page, open }) => {
  test.setTimeout(90_000);
  await open("/");
  const form = page.getByRole("search");
  await form.getByLabel(BOX).fill("apartamento 1 dorm aluguel com sacada");
  await form.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL((u) => u.pathname === "/locacao" && u.searchParams.get("tipo") === "Apartamento" && u.searchParams.get("quartos") === "1");
  expect(new URL(page.url()).searchParams.get("q")).toBe("sacada");
  await expectChips(page, ["Locação", "Apartamento", "1+ quarto", "“sacada”"]);
  await expect(page.getByLabel(BOX)).toHaveValue("sacada");
  // Removing the words keeps the filters.
  await page.getByRole("link", { name: "Remover “sacada”" }).click();
  await expect(page).toHaveURL((u) => u.pathname === "/locacao" && !u.searchParams.has("q") && u.searchParams.get("tipo") === "Apartamento");
  await expectChips(page, ["Locação", "Apartamento", "1+ quarto"]);
});

test("bad input is a normal page: 2,000 characters, stop-words only, emoji, SQL and FULLTEXT operators", async ({ page, open, request }) => {
  test.setTimeout(120_000);
  for (const q of ["casa ".repeat(400), "de com para", "🏠🌳😀", `'; DROP TABLE imoveis; --`, `+casa -piscina "jardim* (centro) ~sala <@>`, "9".repeat(2000)]) {
    const res = await request.get(`/venda?q=${encodeURIComponent(q)}`);
    expect(res.status(), q.slice(0, 30)).toBe(200);
    expect(await res.text()).toContain('class="result-count"');
  }
  // The sentence's page is the URL it was sent to: kept by the page cache like any list.
  const first = await request.get(`/venda?q=${encodeURIComponent("casa 2 quartos")}`, { maxRedirects: 0 });
  expect(first.status()).toBe(302);
  const target = first.headers()["location"];
  expect(target).toBe("/venda?tipo=Casa&quartos=2");
  // (Polled: another test's content write empties the cache meanwhile.)
  await expect.poll(async () => (await request.get(target)).headers()["x-cache"], { timeout: 30_000 }).toBe("HIT");
  // A code still goes straight to its listing.
  const [one] = await query<{ id: number }>(`SELECT i.id FROM imoveis i WHERE i.ativo = 'sim' AND ${SEEDED_SQL} ORDER BY i.id LIMIT 1`);
  await open(`/imoveis?q=vt${one.id}`);
  await expect(page).toHaveURL(new RegExp(`/imovel/${one.id}$`));
});
