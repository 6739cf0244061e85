// Issue 30: 'Mostrar o número no mapa' (off by default). Without it the listing's 'Localização', its
// map link and its schema.org address carry the street and bairro only; once the admin allows it in
// the listing form, the house number too. (The portals' feed follows it: portal-feed.test.ts.)
import { test, expect, loginAsAdmin } from "./helpers";
import { query } from "./db";
import { ownListing, tagOf } from "./mensagens-support";

test("the house number shows on the map only once 'Mostrar o número no mapa' is on", async ({ page, open, js }, info) => {
  const street = `Rua Mapa ${tagOf(info)}`;
  const listing = await ownListing({ endereco: street });
  const section = page.locator("section.imovel-map");
  const mapLink = section.getByRole("link", { name: "Abrir no mapa" });
  const jsonLd = async () => JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}");

  await open(`/imovel/${listing.id}`);
  await expect(section).toContainText(`${street}, Centro`);
  await expect(section).not.toContainText(`${street}, 10`);
  expect(decodeURIComponent((await mapLink.getAttribute("href"))!)).not.toContain(`${street}, 10`);
  expect((await jsonLd()).address.streetAddress).toBe(street);

  await loginAsAdmin(page, js);
  await open(`/admin/imovelEdit/${listing.id}`);
  const form = page.locator("form.imovel-form");
  await expect(form.getByLabel("Mostrar o número no mapa")).toHaveValue("nao");
  await form.getByLabel("Mostrar o número no mapa").selectOption("sim");
  await form.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Imovel gravado com sucesso!")).toBeVisible();
  expect((await query<{ mostrar_numero: string }>("SELECT mostrar_numero FROM imoveis WHERE id = ?", [listing.id]))[0].mostrar_numero).toBe("sim");

  await page.context().clearCookies();
  await open(`/imovel/${listing.id}`);
  await expect(section).toContainText(`${street}, 10, Centro`);
  expect(decodeURIComponent((await mapLink.getAttribute("href"))!)).toContain(`${street}, 10`);
  expect((await jsonLd()).address.streetAddress).toBe(`${street}, 10`);
});
