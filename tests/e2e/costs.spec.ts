// Issue 22: condomínio and IPTU typed in the admin form (with the R$ mask when JavaScript runs)
// show on the property page, with a rental's month in total; a listing without them shows none.
// Listings created here are priced R$ 0 (outside the seeded range: listings.ts).
import { test, expect } from "./helpers";
import { createProperty, eachTestAsAdmin, hydrated, uniq } from "./admin-support";

eachTestAsAdmin(6);

test("condomínio and IPTU from the admin form to the property page, with the rental's monthly total", async ({ page, js }) => {
  const street = uniq("Rua dos Custos");
  const id = await createProperty(page, js, street, async (form) => {
    await form.getByLabel("Status").selectOption("Locação");
    // Typed as digits: the mask makes "45000" R$ 450,00 with JavaScript; without it, parsed as typed.
    await form.getByLabel("Condomínio (R$ por mês)").fill(js ? "45000" : "450,00");
    await form.getByLabel("IPTU (R$ por ano)").fill(js ? "120000" : "1.200,00");
  });
  await page.goto(`/admin/imovelEdit/${id}`);
  await expect(page.getByLabel("Condomínio (R$ por mês)")).toHaveValue("R$ 450,00");
  await expect(page.getByLabel("IPTU (R$ por ano)")).toHaveValue("R$ 1.200,00");

  await page.goto(`/imovel/${id}`);
  const strip = page.locator(".costs-strip");
  await expect(strip.locator("div", { hasText: "CONDOMÍNIO" }).locator("dd")).toHaveText("R$ 450,00/mês");
  await expect(strip.locator("div", { hasText: "IPTU" }).locator("dd")).toHaveText("R$ 1.200,00/ano");
  // Price R$ 0 (not informed): the total is condomínio + IPTU / 12.
  await expect(strip.locator("div", { hasText: "TOTAL MENSAL" }).locator("dd")).toHaveText("R$ 550,00");

  // Emptied in the form, the condomínio is gone; the IPTU stays.
  await page.goto(`/admin/imovelEdit/${id}`);
  await hydrated(page, js);
  await page.getByLabel("Condomínio (R$ por mês)").fill("");
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Imovel gravado com sucesso!")).toBeVisible();
  await page.goto(`/imovel/${id}`);
  await expect(strip.locator("div", { hasText: "IPTU" }).locator("dd")).toHaveText("R$ 1.200,00/ano");
  await expect(strip.getByText("CONDOMÍNIO")).toHaveCount(0);
  await expect(strip.locator("div", { hasText: "TOTAL MENSAL" }).locator("dd")).toHaveText("R$ 100,00");
});

test("a listing without costs shows no costs and no R$ 0,00", async ({ page, js }) => {
  const id = await createProperty(page, js, uniq("Rua Sem Custos"));
  await page.goto(`/imovel/${id}`);
  await expect(page.getByText("TIPO", { exact: true })).toBeVisible();
  await expect(page.locator(".costs-strip")).toHaveCount(0);
  await expect(page.getByText("CONDOMÍNIO")).toHaveCount(0);
});
