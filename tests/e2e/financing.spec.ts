// Issue 22: "Simule o financiamento" on a property for sale, with JavaScript and without: the
// defaults on arrival, the visitor's values after Simular (a link one can share), a message by each
// bad field and never a 500; nothing of it on a property for rent.
import { test, expect } from "./helpers";
import { query } from "./db";
import { SEEDED_SQL } from "./listings";
import { simulate } from "../../app/utils/financing";
import { formatMoney } from "../../app/utils/format";

async function seededListing(status: "Venda" | "Locação") {
  const [row] = await query<{ id: number; preco: string }>(
    `SELECT i.id, i.preco FROM imoveis i WHERE i.ativo = 'sim' AND i.status = ? AND ${SEEDED_SQL} ORDER BY i.id LIMIT 1`,
    [status],
  );
  return { id: row.id, preco: Number(row.preco) };
}

const row = (page: import("@playwright/test").Page, label: string) => page.locator(".simulador-table tr", { has: page.getByRole("rowheader", { name: label }) });

test("the simulator shows SAC and Price with the defaults, then with the visitor's values", async ({ page, open }) => {
  const { id, preco } = await seededListing("Venda");
  await open(`/imovel/${id}`);
  const section = page.getByRole("region", { name: "Simule o financiamento" });
  await expect(section.getByLabel("Entrada (% do preço)")).toHaveValue("20");
  await expect(section.getByLabel(/Prazo \(meses/)).toHaveValue("360");
  await expect(section.getByLabel("Juros (% ao ano)")).toHaveValue("11,5");
  const byDefault = simulate(preco, { entrada: 20, prazo: 360, taxa: 11.5 });
  await expect(section.getByText(`Valor financiado: ${formatMoney(byDefault.financiado)}`)).toBeVisible();
  await expect(row(page, "Primeira parcela")).toContainText(formatMoney(byDefault.sac.primeira));
  await expect(row(page, "Primeira parcela")).toContainText(formatMoney(byDefault.price.primeira));
  await expect(section.getByText(/sem seguros \(MIP e DFI\), taxas administrativas e TR/)).toBeVisible();

  await section.getByLabel("Entrada (% do preço)").fill("35");
  await section.getByLabel(/Prazo \(meses/).fill("240");
  await section.getByLabel("Juros (% ao ano)").fill("9,5");
  await section.getByRole("button", { name: "Simular" }).click();
  await expect(page).toHaveURL(new RegExp(`/imovel/${id}\\?entrada=35&prazo=240&taxa=9%2C5`));
  const mine = simulate(preco, { entrada: 35, prazo: 240, taxa: 9.5 });
  await expect(section.getByText(`Valor financiado: ${formatMoney(mine.financiado)}`)).toBeVisible();
  for (const [label, key] of [["Primeira parcela", "primeira"], ["Última parcela", "ultima"], ["Total pago", "total"], ["Renda mínima", "rendaMinima"]] as const) {
    await expect(row(page, label)).toContainText(formatMoney(mine.sac[key]));
    await expect(row(page, label)).toContainText(formatMoney(mine.price[key]));
  }
});

test("bad values get a message by each field and no result, never a 500", async ({ page, open }) => {
  const { id } = await seededListing("Venda");
  const res = await open(`/imovel/${id}?entrada=cem&prazo=500&taxa=abc`);
  expect(res!.status()).toBe(200);
  const section = page.getByRole("region", { name: "Simule o financiamento" });
  await expect(section.getByLabel("Entrada (% do preço)")).toHaveAccessibleDescription("Informe a entrada em %, só números.");
  await expect(section.getByLabel(/Prazo \(meses/)).toHaveAccessibleDescription("O prazo vai de 12 a 420 meses.");
  await expect(section.getByLabel("Juros (% ao ano)")).toHaveAccessibleDescription("Informe a taxa de juros ao ano em %, só números.");
  await expect(section.getByLabel("Entrada (% do preço)")).toHaveValue("cem");
  await expect(section.locator(".simulador-table")).toHaveCount(0);
  expect((await page.request.get(`/imovel/${id}?entrada=100`)).status()).toBe(200);
});

test("a property for rent has no simulator", async ({ page, open }) => {
  const { id } = await seededListing("Locação");
  await open(`/imovel/${id}`);
  await expect(page.getByRole("heading", { name: "DESCRIÇÃO" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Simule o financiamento" })).toHaveCount(0);
});
