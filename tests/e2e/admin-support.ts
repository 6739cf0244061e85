// Helpers of admin-imovel.spec and costs.spec: each test as an admin of its own address, the
// property form, and the one way those specs create a listing.
import type { Page } from "@playwright/test";
import { expect, loginAsAdmin, settled, test } from "./helpers";
import { query } from "./db";
import { outsideSeeded } from "./listings";

/**
 * Each test of the spec starts logged in as the admin, from an address of its own (10.<net>.x.y, one
 * per test and project; TRUST_PROXY=loopback lets X-Forwarded-For name it), so that per-IP limits
 * one test reaches never touch another.
 */
export function eachTestAsAdmin(net: number) {
  test.beforeEach(async ({ page, js }, testInfo) => {
    await page.setExtraHTTPHeaders({ "x-forwarded-for": `10.${net}.${js ? 1 : 2}.${(testInfo.workerIndex * 31 + testInfo.line) % 250}` });
    await loginAsAdmin(page, js);
  });
}

export const uniq = (p: string) => `${p} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

export async function hydrated(page: Page, js: boolean) {
  if (js) await settled(page);
}

export async function fillDescricao(page: Page, js: boolean, text: string) {
  if (js) {
    const editor = page.locator(".ql-editor");
    await editor.click();
    await page.keyboard.type(text);
  } else {
    await page.getByLabel("Descrição", { exact: true }).fill(`<p>${text}</p><script>alert(1)</script>`);
  }
}

/**
 * Creates a listing through 'Inserir novo Imóvel' and returns its id. Listings of admin-imovel.spec
 * must stay out of the seeded price range the public and photo tests rely on (see listings.ts):
 * checked here on every listing it saves.
 */
export async function createProperty(page: Page, js: boolean, street: string, extra: (form: ReturnType<Page["locator"]>) => Promise<void> = async () => {}) {
  await page.goto("/admin/imovel/novo");
  await hydrated(page, js);
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Inserir novo Imóvel" })).toBeVisible();
  const form = dialog.locator("form.imovel-form");
  await form.getByLabel("Endereço (rua)").fill(street);
  await form.getByLabel("Número", { exact: true }).fill("123");
  await form.getByLabel("Bairro").fill("Centro");
  await extra(form);
  await form.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Imovel gravado com sucesso!")).toBeVisible();
  const [row] = await query<{ id: number; preco: string }>("SELECT id, preco FROM imoveis WHERE endereco = ?", [street]);
  expect(row, "the property was saved").toBeTruthy();
  expect(outsideSeeded(row.preco), `price ${row.preco} is outside the seeded range (listings.ts)`).toBe(true);
  return row.id;
}

// 2×2 PNG, generated once: a valid image for the upload path.
export const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==",
  "base64",
);
