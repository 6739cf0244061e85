import { test, expect } from "./helpers";
import { query } from "./db";
import { SEEDED_QUERY, SEEDED_SQL } from "./listings";

// Tests that count, page or look up listings use only seeded ones (SEEDED, listings.ts): no other
// spec creates, deletes or switches one of those, so parallel admin tests cannot change the answer.

test("home shows the three lists (6 rent, 6 sale, 3 seasonal) and VER TODOS", async ({ page, open }) => {
  await open("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  const list = (name: string) => page.locator("section.home-list", { has: page.getByRole("heading", { name }) }).locator(".card");
  await expect(list("Imóveis para locação")).toHaveCount(6);
  await expect(list("Imóveis à venda")).toHaveCount(6);
  await expect(list("Imóveis para temporada")).toHaveCount(3);
  await expect(list("Imóveis para locação").locator(".tag").first()).toHaveText("LOCAÇÃO");
  await page.getByRole("link", { name: "VER TODOS IMÓVEIS" }).click();
  await expect(page).toHaveURL(/\/imoveis$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Todos os imóveis");
});

test("a search shows only its results, at least N bedrooms", async ({ page, open }) => {
  await open("/");
  const form = page.getByRole("search");
  await form.getByLabel("Finalidade").selectOption("Venda");
  await form.getByLabel(/Quartos/).fill("3");
  await form.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(/status=Venda/);
  await expect(page.getByRole("heading", { name: "Resultado da busca" })).toBeVisible();
  await expect(page.locator("section.home-list")).toHaveCount(0);
  const cards = page.locator(".card");
  expect(await cards.count()).toBeGreaterThan(0);
  for (const label of await cards.locator(".tag").allTextContents()) expect(label).toBe("VENDA");
  for (const text of await cards.locator("li.i-bed").allTextContents()) {
    expect(Number(text.match(/\d+/)![0])).toBeGreaterThanOrEqual(3);
  }
  // the form remembers the search
  await expect(form.getByLabel("Finalidade")).toHaveValue("Venda");
});

test("a search without results says so and can be cleared", async ({ page, open }) => {
  await open("/?local=Votuporanga&status=Temporada&tipo=Kitnet&quartos=5&banheiros=5");
  await expect(page.getByText("Sua busca não houve resultados!")).toBeVisible();
  await expect(page.locator(".card")).toHaveCount(0);
  await page.getByRole("link", { name: "Limpar busca" }).click();
  await expect(page.locator("section.home-list")).toHaveCount(3);
});

for (const [path, label] of [["/locacao", "LOCAÇÃO"], ["/venda", "VENDA"], ["/temporada", "TEMPORADA"]] as const) {
  test(`${path} lists only ${label} listings`, async ({ page, open }) => {
    await open(path);
    const labels = await page.locator(".card .tag").allTextContents();
    expect(labels.length).toBeGreaterThan(0);
    expect(new Set(labels)).toEqual(new Set([label]));
  });
}

test("/imoveis paginates and keeps filters in the URL", async ({ page, open }) => {
  const rows = await query<{ id: number }>(
    `SELECT i.id FROM imoveis i WHERE i.ativo = 'sim' AND ${SEEDED_SQL} ORDER BY i.created_at DESC, i.id DESC`,
  );
  const n = rows.length;
  expect(n, "enough seeded listings for two full pages").toBeGreaterThanOrEqual(24);
  const shown = async () => (await page.locator(".card a").evaluateAll((as) => as.map((a) => a.getAttribute("href")))).map((h) => Number(h!.split("/").pop()));
  await open(`/imoveis?${SEEDED_QUERY}`);
  await expect(page.locator(".result-count")).toContainText(`${n} imóveis · página 1 de ${Math.ceil(n / 12)}`);
  await expect(page.locator(".card")).toHaveCount(12);
  const first = await page.locator(".card h3").allTextContents();
  expect(await shown()).toEqual(rows.slice(0, 12).map((r) => r.id));
  await page.getByRole("link", { name: "Próxima ›" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page).toHaveURL(new RegExp(SEEDED_QUERY));
  await expect(page.locator(".pagination [aria-current=page]")).toHaveText("2");
  const second = await page.locator(".card h3").allTextContents();
  expect(second.some((t) => first.includes(t))).toBe(false);
  expect(await shown()).toEqual(rows.slice(12, 24).map((r) => r.id));

  await open("/imoveis?ordem=preco_desc&quartos=2");
  const prices = (await page.locator(".card a > div > p:first-child").allTextContents()).map((p) => Number(p.replace(/[^\d,]/g, "").replace(",", ".")));
  expect(prices).toEqual([...prices].sort((a, b) => b - a));
  await page.getByRole("link", { name: "Página 2" }).click();
  await expect(page).toHaveURL(/ordem=preco_desc/);
  await expect(page).toHaveURL(/quartos=2/);
});

test("inactive listings are never public", async ({ page, open, request }) => {
  const [inactive] = await query<{ id: number }>(`SELECT i.id FROM imoveis i WHERE i.ativo = 'nao' AND ${SEEDED_SQL} ORDER BY i.id LIMIT 1`);
  const res = await request.get(`/imovel/${inactive.id}`);
  expect(res.status()).toBe(404);
  await open("/imoveis?page=99");
  const links = await page.locator(".card a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
  expect(links).not.toContain(`/imovel/${inactive.id}`);
});

test("property page: heading, ribbon, strip, details rules, side column", async ({ page, open }) => {
  const [row] = await query<Record<string, unknown>>(
    `SELECT * FROM imoveis i WHERE i.ativo = 'sim' AND i.status = 'Venda' AND i.forro IS NOT NULL AND ${SEEDED_SQL} ORDER BY i.id LIMIT 1`,
  );
  await open(`/imovel/${row.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${row.endereco}, ${row.numero}`);
  await expect(page.locator(".imovel-place")).toContainText(`${row.bairro} - Votuporanga - SP`);
  const ribbon = page.locator(".ribbon");
  await expect(ribbon).toHaveText("Venda");
  await expect(ribbon).toHaveCSS("background-color", "rgb(21, 101, 192)");
  const strip = page.locator(".info-strip");
  for (const dt of ["TIPO", "STATUS", "PREÇO", "ÁREA"]) await expect(strip.getByText(dt, { exact: true })).toBeVisible();
  await expect(strip).toContainText(" mt2");
  await expect(page.getByRole("heading", { name: "DESCRIÇÃO" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "DETALHES" })).toBeVisible();
  const details = page.locator(".details-list dt");
  const labels = await details.allTextContents();
  expect(labels).toContain("Forro");
  expect(labels).toContain("Quartos");
  for (const [col, label] of [["churrasqueira", "Churrasqueira"], ["sauna", "Sauna"], ["piscina", "Piscina"]] as const) {
    expect(labels.includes(label), label).toBe(Number(row[col]) > 0);
  }
  expect(labels.includes("Portão")).toBe(row.portao != null);
  expect(labels).toContain("Área");
  const area = page.locator(".details-list > div").filter({ has: page.locator("dt", { hasText: /^Área$/ }) });
  await expect(area.locator("dd")).toHaveText(/ mt$/);
  await expect(page.locator(".codigo")).toHaveText(`Cód. ${row.codigo}`);
  // Through /whatsapp (issue 34: the tap counted), on to the wa.me text with the code and the page's address.
  await expect(page.getByRole("link", { name: "Conversar pelo WhatsApp" })).toHaveAttribute("href", `/whatsapp?imovel=${row.id}`);
  const hop = await page.request.get(`/whatsapp?imovel=${row.id}`, { maxRedirects: 0 });
  expect(hop.status()).toBe(302);
  expect(hop.headers()["location"]).toMatch(new RegExp(`^https://wa\\.me/55\\d+\\?text=.*${row.codigo}.*imovel%2F${row.id}`));
  const side = page.locator(".imovel-side a");
  expect(await side.count()).toBeGreaterThan(0);
  for (const href of await side.evaluateAll((as) => as.map((a) => a.getAttribute("href")))) {
    expect(href).toMatch(/^\/imovel\/\d+$/);
    expect(href).not.toBe(`/imovel/${row.id}`);
  }
  // SEO
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/imovel/${row.id}$`));
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/img\/[a-f0-9]{20}\.jpg$/);
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(ld["@type"]).toBe("RealEstateListing");
  expect(ld.offers.seller["@type"]).toBe("RealEstateAgent");
});

test("unknown property id shows a 404 page with links back", async ({ page, open }) => {
  for (const id of ["999999", "abc", "0"]) {
    const res = await open(`/imovel/${id}`);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Imóvel não encontrado" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Ver todos os imóveis" })).toBeVisible();
  }
});

test("the property page's contact form stores a message linked to the property", async ({ page, open, js }, testInfo) => {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": `10.9.${js ? 1 : 2}.${testInfo.retry + 1}` });
  const [row] = await query<{ id: number; codigo: string }>(`SELECT i.id, i.codigo FROM imoveis i WHERE i.ativo = 'sim' AND ${SEEDED_SQL} ORDER BY i.id DESC LIMIT 1`);
  await open(`/imovel/${row.id}`);
  const email = `interesse-${testInfo.project.name}-${Date.now()}@exemplo.com`;
  const form = page.locator("form.property-contact");
  await expect(form.getByLabel("Assunto")).toHaveValue(new RegExp(row.codigo));
  await form.getByLabel("Nome").fill("Ana Souza");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Telefone").fill("(17) 99123-4567");
  await form.getByRole("button", { name: "Enviar mensagem" }).click();
  await expect(page.getByText("Contato enviado com sucesso!")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/imovel/${row.id}$`));
  const saved = await query<{ imovel_id: number }>("SELECT imovel_id FROM mensagens WHERE email = ?", [email]);
  expect(saved).toEqual([{ imovel_id: row.id }]);
});
