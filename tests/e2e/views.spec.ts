// Views per listing and the CSV exports (issue 24), with and without JavaScript: visits to a
// listing's page (page-cache hits included; with JavaScript also a client-side navigation, which
// fetches the page's .data) reach the admin list's 'Visualizações 30 dias' once the server has
// written its batch (VIEWS_FLUSH_MS=250 in tests/e2e/server.ts); the exports download as files
// that parse with the right columns and the page's filter applied.
import fs from "node:fs/promises";
import type { Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { test, expect, loginAsAdmin } from "./helpers";
import { query } from "./db";
import { ownListing, tagOf } from "./mensagens-support";

const viewsInDb = async (id: number) => Number((await query<{ n: number | null }>("SELECT SUM(total) AS n FROM imovel_visualizacoes WHERE imovel_id = ?", [id]))[0].n ?? 0);

/** Clicks the link and reads the file it downloads, parsed as a pt-BR Excel would (BOM, `;`). */
async function download(page: Page, link: ReturnType<Page["getByRole"]>) {
  const [file] = await Promise.all([page.waitForEvent("download"), link.click()]);
  const bytes = await fs.readFile((await file.path())!);
  expect([...bytes.subarray(0, 3)], "UTF-8 BOM").toEqual([0xef, 0xbb, 0xbf]);
  return { name: file.suggestedFilename(), rows: parse(bytes.toString("utf8"), { bom: true, delimiter: ";", columns: true }) as Record<string, string>[] };
}

test("visits to a listing, a page-cache hit included, show in the admin list's 30-day views and in its CSV", async ({ page, open, js }, info) => {
  test.slow(); // visits, a login, two downloads
  const tag = tagOf(info);
  const listing = await ownListing({ endereco: `Rua Vista ${tag}` });
  // ownListing fetched the page from Node (User-Agent "node") until the page cache served it: a
  // script, never counted, so the table ends at exactly the browser's views (below).

  // The views the browser made: every answer to the page or its .data, 200 or 304.
  let made = 0;
  page.on("response", (res) => {
    const path = new URL(res.url()).pathname;
    if (res.request().method() === "GET" && (path === `/imovel/${listing.id}` || path === `/imovel/${listing.id}.data`) && [200, 304].includes(res.status())) made++;
  });
  // Twice at least, until one is a hit (another test's write empties the cache now and then).
  let hit = false;
  for (let i = 0; i < 8 && (i < 2 || !hit); i++) {
    const res = await open(`/imovel/${listing.id}`);
    expect([200, 304]).toContain(res?.status());
    if ((await res!.headerValue("x-cache")) === "HIT") hit = true;
  }
  expect(hit, "one of the visits was served by the page cache").toBe(true);
  if (js) {
    // A client-side navigation away and back: the listing's data comes as /imovel/{id}.data.
    await page.evaluate(() => (window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }).__reactRouterDataRouter.navigate("/sobre"));
    await expect(page).toHaveURL(/\/sobre$/);
    const data = page.waitForResponse((r) => new URL(r.url()).pathname === `/imovel/${listing.id}.data`);
    await page.evaluate((to) => (window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }).__reactRouterDataRouter.navigate(to), `/imovel/${listing.id}`);
    expect((await data).status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`Rua Vista ${tag}`);
  }
  expect(made).toBeGreaterThanOrEqual(js ? 3 : 2);
  await expect.poll(() => viewsInDb(listing.id), { timeout: 10_000, message: "the server wrote its batch" }).toBe(made);

  await loginAsAdmin(page, js);
  await open(`/admin/imovel?q=${listing.codigo}`);
  const row = page.locator(`tr[data-id="${listing.id}"]`);
  await expect(row).toHaveCount(1);
  await expect(page.getByRole("columnheader", { name: "Visualizações 30 dias" })).toBeVisible();
  // The first of the two counters: views (the second is the WhatsApp taps of issue 34).
  await expect(row.locator("td.views").first().locator("strong")).toHaveText(String(made));

  // The export carries the list's filter: this listing alone.
  const link = page.getByRole("link", { name: "Exportar CSV" });
  await expect(link).toHaveAttribute("href", `/admin/imovel.csv?q=${listing.codigo}`);
  const { name, rows } = await download(page, link);
  expect(name).toMatch(/^imoveis-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(rows).toHaveLength(1);
  expect(Object.keys(rows[0])).toEqual(expect.arrayContaining(["Código", "Tipo", "Finalidade", "Valor (R$)", "Endereço", "Bairro", "Visualizações 30 dias", "Cadastrado em"]));
  const [{ preco }] = await query<{ preco: string }>("SELECT preco FROM imoveis WHERE id = ?", [listing.id]);
  expect(rows[0]).toMatchObject({ Código: listing.codigo, Endereço: `Rua Vista ${tag}`, "Valor (R$)": Number(preco).toFixed(2).replace(".", ","), "Visualizações 30 dias": String(made) });
  expect(rows[0]["Cadastrado em"]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
});

test("the inbox's CSV export downloads the messages its filter and search show", async ({ page, open, js }, info) => {
  const tag = tagOf(info);
  await query("INSERT INTO mensagens (nome, email, telefone, mensagem, tipo, lida) VALUES (?, ?, '(17) 99123-4567', 'Olá; tudo bem?', 'Contato', 1), (?, ?, '(17) 3421-0000', 'Quero visitar', 'Contato', 0)", [
    `Lida ${tag}`,
    `lida-${tag}@teste.com.br`,
    `Nova ${tag}`,
    `nova-${tag}@teste.com.br`,
  ]);
  await loginAsAdmin(page, js);
  await open(`/admin/mensagens?filtro=nao-lidas&q=${tag}`);
  await expect(page.locator(".inbox-list > li")).toHaveCount(1);
  const { name, rows } = await download(page, page.getByRole("link", { name: "Exportar CSV" }));
  expect(name).toMatch(/^mensagens-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(rows).toHaveLength(1);
  expect(Object.keys(rows[0])).toEqual(expect.arrayContaining(["Data", "Hora", "Tipo", "Nome", "E-mail", "Telefone", "Imóvel", "Mensagem", "Lida", "Arquivada"]));
  expect(rows[0]).toMatchObject({ Nome: `Nova ${tag}`, "E-mail": `nova-${tag}@teste.com.br`, Mensagem: "Quero visitar", Lida: "Não" });
  expect(rows[0].Data).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);

  // 'Todas' with the same search: both.
  await open(`/admin/mensagens?filtro=todas&q=${tag}`);
  const all = await download(page, page.getByRole("link", { name: "Exportar CSV" }));
  expect(all.rows.map((r) => r.Nome).sort()).toEqual([`Lida ${tag}`, `Nova ${tag}`]);
});
