// 'Home admin' (/admin) and the home search that finds every listing (produto §5, §10, §11).
import { test, expect, loginAsAdmin, seriousA11yViolations } from "./helpers";
import { query } from "./db";
import { expectPageShowsDb, ownListing, tagOf, unreadInDb } from "./mensagens-support";

test("the home search finds a Terreno with 0 bedrooms and 0 bathrooms (the sliders start at 'qualquer')", async ({ page, open }, info) => {
  const tag = tagOf(info);
  const terreno = await ownListing({ endereco: `Rua Terreno ${tag}`, tipo: "Terreno", status: "Venda", quartos: 0, banheiros: 0 });
  await open("/");
  const search = page.getByRole("search");
  // The line above each slider: its label, then its value (an output beside the label).
  const sliderLine = (id: string) => search.locator(".field-label", { has: page.locator(`label[for="${id}"]`) });
  await expect(sliderLine("busca-quartos")).toHaveText("Quartos: qualquer");
  await expect(sliderLine("busca-banheiros")).toHaveText("Banheiros: qualquer");
  await expect(search.getByRole("slider", { name: /Quartos/ })).toHaveValue("0");
  await search.getByLabel("Finalidade").selectOption("Venda");
  await search.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(/status=Venda/);
  await expect(page).toHaveURL(/quartos=0/);
  await expect(page.getByRole("heading", { name: "Resultado da busca" })).toBeVisible();

  // Other tests add listings meanwhile: look through the result pages for this one.
  const url = new URL(page.url());
  let found = false;
  for (let p = 1; !found; p++) {
    if (p > 1) {
      url.searchParams.set("page", String(p));
      await open(`${url.pathname}${url.search}`);
    }
    found = (await page.locator(`a[href="/imovel/${terreno.id}"]`).count()) > 0;
    if (!found && (await page.getByRole("link", { name: "Próxima ›" }).count()) === 0) break;
  }
  expect(found, `Terreno ${terreno.codigo} in the home search results`).toBe(true);

  // A minimum of 1 bedroom leaves it out, as it should.
  await open(`/?local=Votuporanga&status=Venda&tipo=Todos&quartos=1&banheiros=0`);
  await expect(page.locator(`a[href="/imovel/${terreno.id}"]`)).toHaveCount(0);
  await expect(sliderLine("busca-quartos")).toHaveText("Quartos: 1 ou mais");
});

test("'Home admin' shows the day's figures, each a link to the list it counts", async ({ page, open, js }, info) => {
  const tag = tagOf(info);
  // Inactive: a card without a photo would take a place on /imoveis, where shell.spec looks for one with a photo.
  const semFotos = await ownListing({ endereco: `Rua Sem Foto ${tag}`, status: "Temporada", ativo: "nao", foto: false });
  await loginAsAdmin(page, js);
  // /admin/dashboard, the old address of the stub, shows the same page.
  await open("/admin/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Home admin");
  await expect(page.getByRole("link", { name: /sem fotos/ })).toBeVisible();
  await open("/admin");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Home admin");
  await expect(page.getByRole("link", { name: "Painel Administrativo" })).toHaveAttribute("href", "/admin");

  const fotosCard = page.locator("section", { has: page.getByRole("heading", { name: "Fotos", exact: true }) });
  const semFotosLink = fotosCard.getByRole("link", { name: /sem fotos/ });
  const semFotosDb = async () =>
    Number((await query<{ n: number }>("SELECT COUNT(*) AS n FROM imoveis i WHERE NOT EXISTS (SELECT 1 FROM imovel_fotos f WHERE f.imovel_id = i.id)"))[0].n);
  await expectPageShowsDb(page, async () => Number(await semFotosLink.locator("strong").textContent()), semFotosDb);
  const msgCard = page.locator("section", { has: page.getByRole("heading", { name: "Mensagens", exact: true }) });
  await expectPageShowsDb(page, async () => Number(await msgCard.getByRole("link", { name: /não lidas?/ }).locator("strong").textContent()), unreadInDb);
  await semFotosLink.click();
  await expect(page).toHaveURL(/\/admin\/imovel\?fotos=sem$/);
  await expect(page.getByRole("combobox", { name: "Fotos", exact: true })).toHaveValue("sem");
  await page.getByLabel("Pesquisar endereço ou código").fill(semFotos.codigo);
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page.locator(`tr[data-id="${semFotos.id}"]`)).toBeVisible();
  await expect(page.locator("tbody tr")).toHaveCount(1);

  await open("/admin");
  const statusCard = page.locator("section", { has: page.getByRole("heading", { name: "Imóveis por status" }) });
  await statusCard.getByRole("link", { name: /^\d+ ativos? em Temporada$/ }).click();
  await expect(page).toHaveURL(/\/admin\/imovel\?status=Temporada&ativo=sim$/);
  await expect(page.getByRole("combobox", { name: "Status", exact: true })).toHaveValue("Temporada");
  await expect(page.locator("tbody tr small").first()).toContainText("Temporada");
  for (const s of await page.locator("tbody tr small").allTextContents()) expect(s).toContain("Temporada");

  await open("/admin");
  await msgCard.getByRole("link", { name: /recebidas? nos últimos 7 dias/ }).click();
  await expect(page).toHaveURL(/\/admin\/mensagens\?filtro=todas&dias=7$/);
  await expect(page.locator(".result-count")).toContainText("nos últimos 7 dias");
  await open("/admin");
  await msgCard.getByRole("link", { name: /não lidas?/ }).click();
  await expect(page).toHaveURL(/\/admin\/mensagens\?filtro=nao-lidas$/);
  await expect(page.getByRole("link", { name: "Não lidas" })).toHaveAttribute("aria-current", "page");

  await open("/admin");
  const recent = page.locator("section", { has: page.getByRole("heading", { name: "Últimos imóveis editados" }) });
  await expect(recent.getByRole("listitem")).toHaveCount(5);
});

test("'Home admin', the inbox and a message have no serious accessibility violation", async ({ page, browser, js, baseURL }, info) => {
  test.slow(); // axe on four pages
  const tag = tagOf(info);
  await query("INSERT INTO mensagens (nome, email, telefone, mensagem) VALUES (?, ?, '(17) 99123-4567', 'Olá')", [`A11y ${tag}`, `a11y-${tag}@teste.com.br`]);
  const [{ id }] = await query<{ id: number }>("SELECT id FROM mensagens WHERE nome = ?", [`A11y ${tag}`]);
  await loginAsAdmin(page, js);
  for (const url of ["/admin", `/admin/mensagens?q=${tag}`, `/admin/mensagens/${id}`, `/admin/mensagens/${id}/excluir`]) {
    expect(await seriousA11yViolations({ page, browser, js, baseURL }, url), url).toEqual([]);
  }
});
