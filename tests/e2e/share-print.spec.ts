// Issue 22: a property page can be shared (WhatsApp without JavaScript; copy link with it), shows its
// street on a map without the number, and prints as one A4 sheet with the agency's contact.
import { test, expect } from "./helpers";
import { query } from "./db";
import { SEEDED_SQL } from "./listings";

async function seeded() {
  const [row] = await query<{ id: number; codigo: string; endereco: string; numero: string; bairro: string }>(
    `SELECT i.id, i.codigo, i.endereco, i.numero, i.bairro FROM imoveis i WHERE i.ativo = 'sim' AND i.status = 'Venda' AND ${SEEDED_SQL} ORDER BY i.id LIMIT 1`,
  );
  return row;
}

test("Compartilhar: a WhatsApp link with the title, code and address; with JavaScript, copy link", async ({ page, open, js, context, baseURL }) => {
  const l = await seeded();
  await open(`/imovel/${l.id}`);
  const share = page.getByRole("region", { name: "Compartilhar" });
  const href = await share.getByRole("link", { name: /Enviar pelo WhatsApp/ }).getAttribute("href");
  const text = new URL(href!).searchParams.get("text")!;
  expect(href).toMatch(/^https:\/\/wa\.me\/\?text=/);
  expect(text).toContain(l.codigo);
  expect(text).toMatch(new RegExp(`/imovel/${l.id}$`));
  if (js) {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    await share.getByRole("button", { name: "Copiar link" }).click();
    await expect(share.getByRole("status")).toHaveText("Link copiado.");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/imovel/${l.id}$`));
  } else {
    await expect(share.getByRole("button")).toHaveCount(0);
  }
});

test("Localização: a plain link, and with JavaScript a map asked for only on 'Mostrar o mapa'; never the number", async ({ page, open, js }) => {
  const asked: string[] = [];
  page.on("request", (r) => r.url().startsWith("https://www.google.com/maps") && asked.push(r.url()));
  await page.route("https://www.google.com/**", (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<p>mapa</p>" }));
  const l = await seeded();
  await open(`/imovel/${l.id}`);
  const map = page.getByRole("region", { name: "Localização" });
  const link = await map.getByRole("link", { name: "Abrir no mapa" }).getAttribute("href");
  const place = new URL(link!).searchParams.get("query")!;
  expect(place).toContain(l.endereco);
  expect(place).toContain(l.bairro);
  expect(place).not.toContain(l.numero);
  // Nothing reaches the maps site before the visitor gets to the map.
  expect(asked).toEqual([]);
  if (!js) return void (await expect(map.locator("iframe")).toHaveCount(0));
  await expect(map.locator("iframe")).toHaveCount(0);
  await map.scrollIntoViewIfNeeded();
  // In view is not asking (issue 24): nothing reaches Google until the button is pressed.
  await expect(map.getByRole("button", { name: "Mostrar o mapa" })).toBeVisible();
  expect(asked).toEqual([]);
  await map.getByRole("button", { name: "Mostrar o mapa" }).click();
  const frame = map.locator("iframe");
  await expect(frame).toHaveCount(1);
  expect(new URL((await frame.getAttribute("src"))!).searchParams.get("q")).toBe(place);
  await expect.poll(() => asked.length).toBe(1);
});

test("printed, the page is one A4 sheet: photo, strip, details and the agency's contact; no menu or forms", async ({ page, open }, testInfo) => {
  const l = await seeded();
  await open(`/imovel/${l.id}`);
  await page.emulateMedia({ media: "print" });
  for (const hidden of [".nav-main", ".interesse", ".simulador", ".semelhantes", ".imovel-side", ".share"]) await expect(page.locator(hidden).first()).toBeHidden();
  await expect(page.locator(".info-strip").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "DETALHES" })).toBeVisible();
  await expect(page.locator(".site-footer")).toContainText("Votuporanga");
  await page.setViewportSize({ width: 794, height: 1123 }); // A4 at 96 dpi
  await page.screenshot({ path: testInfo.outputPath("print-a4.png"), fullPage: true });
  const pdf = await page.pdf({ format: "A4", printBackground: true });
  const pages = pdf.toString("latin1").match(/\/Type\s*\/Page(?!s)/g) ?? [];
  expect(pages.length, "one A4 sheet").toBe(1);
});
