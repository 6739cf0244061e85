// Issue 24: an admin's edit shows in /admin/historico with its old → new values, reached from the
// listing's own edit page, and the history's filters (a GET form) work with JavaScript on and off.
import { test, expect, loginAsAdmin, seriousA11yViolations } from "./helpers";
import { query } from "./db";
import { E2E } from "./env";
import { ownListing, tagOf } from "./mensagens-support";

test("an edit appears in the history with old → new; the filters by listing, kind and admin work", async ({ page, open, js }, info) => {
  const tag = tagOf(info);
  // Inactive: no public page to wait for; the admin pages read the database directly.
  const listing = await ownListing({ endereco: `Rua Histórico ${tag}`, ativo: "nao", foto: false });
  expect(await query("SELECT id FROM historico WHERE imovel_id = ?", [listing.id]), "a listing of this test alone, with no history yet").toEqual([]);
  await loginAsAdmin(page, js);

  await open(`/admin/imovelEdit/${listing.id}`);
  const form = page.locator("form.imovel-form");
  await expect(form.getByLabel("Número", { exact: true })).toHaveValue("10");
  await form.getByLabel("Número", { exact: true }).fill("77");
  await form.getByLabel("Bairro").fill(`Vila ${tag}`);
  await form.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Imovel gravado com sucesso!")).toBeVisible();

  // The edit page links to its own history.
  await page.getByRole("link", { name: "Histórico deste imóvel" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/historico\\?imovel=${listing.id}$`));
  await expect(page.getByRole("heading", { name: "Histórico" })).toBeVisible();
  const entries = page.getByRole("list", { name: "Histórico" }).locator(":scope > li");
  await expect(entries).toHaveCount(1);
  const edit = entries.first();
  await expect(edit.locator(".badge")).toHaveText("Imóvel editado");
  await expect(edit.getByRole("link", { name: new RegExp(`^${listing.codigo} · Casa · `) })).toHaveAttribute("href", `/admin/imovelEdit/${listing.id}`);
  // Only the two fields the admin changed, in the form's words.
  await expect(edit.getByRole("list", { name: "Campos alterados" }).locator("li")).toHaveText(["Número: 10 → 77", `Bairro: Centro → Vila ${tag}`]);
  await expect(edit).toContainText(E2E.ADMIN_EMAIL);
  await expect(edit.locator("time")).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);

  // Filters, from the form (a GET form: the same without JavaScript).
  await page.getByLabel("Ação", { exact: true }).selectOption("imovel_excluido");
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/acao=imovel_excluido/);
  await expect(page.getByText("Nenhum registro encontrado.")).toBeVisible();

  await page.getByLabel("Ação", { exact: true }).selectOption("imovel_editado");
  await page.getByLabel("Imóvel (código)").fill(listing.codigo);
  await page.getByLabel("Administrador").selectOption({ label: E2E.ADMIN_EMAIL });
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(new RegExp(`imovel=${listing.codigo}`));
  await expect(page).toHaveURL(/usuario=\d+/);
  await expect(entries).toHaveCount(1);
  await expect(entries.first().getByRole("list", { name: "Campos alterados" })).toContainText("Número: 10 → 77");

  // Every admin edit is listed under 'Imóvel editado' alone, whatever the listing.
  await page.getByRole("link", { name: "Limpar filtros" }).click();
  await expect(page).toHaveURL(/\/admin\/historico$/);
  // The router moves the URL before React commits the new page (a transition): until then the old
  // filter form is on screen, and a choice made in it is undone when the new one replaces it (the
  // select is keyed by the filter). The link leaves with the filters: the new form is there.
  await expect(page.getByRole("link", { name: "Limpar filtros" })).toHaveCount(0);
  await expect(page.getByLabel("Ação", { exact: true })).toHaveValue("");
  await page.getByLabel("Ação", { exact: true }).selectOption("imovel_editado");
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/acao=imovel_editado/);
  await expect(entries.first()).toBeVisible();
  // Polled: the unfiltered list stays on screen a moment after the URL moves (above).
  const kinds = () => entries.evaluateAll((lis) => [...new Set(lis.map((li) => li.getAttribute("data-acao")))]);
  await expect.poll(kinds).toEqual(["imovel_editado"]);
});

test("/admin/historico has no serious accessibility finding", async ({ page, browser, js, baseURL }) => {
  await loginAsAdmin(page, js);
  expect(await seriousA11yViolations({ page, browser, js, baseURL }, "/admin/historico")).toEqual([]);
});
