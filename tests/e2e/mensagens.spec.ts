// produto §11: the visitors' messages reach /admin/mensagens, with and without JavaScript.
import type { Page } from "@playwright/test";
import { test, expect, loginAsAdmin, toastShown } from "./helpers";
import { query } from "./db";
import { expectBarShowsUnread, ownListing, stateOf, tagOf, visitorIp } from "./mensagens-support";

/** Sends a message as a visitor's browser would post it without JavaScript; returns its id. */
async function sendMessage(page: Page, fields: Record<string, string>) {
  const res = await page.request.post("/contato", { form: fields, headers: { "x-forwarded-for": visitorIp() }, maxRedirects: 0 });
  expect(res.status()).toBe(302);
  const [{ id }] = await query<{ id: number }>("SELECT id FROM mensagens WHERE email = ?", [fields.email]);
  return id;
}

test("a message from /contato and one from a listing page reach the inbox, the second with the listing's code; search by code; the e-mail goes out", async ({ page, open, js }, info) => {
  test.slow(); // two forms, a login, an e-mail to wait for
  const tag = tagOf(info);
  const listing = await ownListing({ endereco: `Rua Lead ${tag}` });
  await page.setExtraHTTPHeaders({ "x-forwarded-for": visitorIp() });

  await open("/contato");
  await page.getByLabel("Email").fill(`geral-${tag}@teste.com.br`);
  await page.getByLabel("Nome").fill(`Geral ${tag}`);
  await page.getByLabel("Telefone").fill("(17) 99123-4567");
  await page.getByLabel("Assunto").fill(`Quero vender minha casa. ${tag}`);
  await page.getByRole("button", { name: "Enviar mensagem" }).click();
  await toastShown(page, "Contato enviado com sucesso!");

  await open(`/imovel/${listing.id}`);
  const form = page.locator("form.property-contact");
  await form.getByLabel("Nome").fill(`Interessado ${tag}`);
  await form.getByLabel("Email").fill(`imovel-${tag}@teste.com.br`);
  await form.getByLabel("Telefone").fill("(17) 98888-7777");
  await form.getByRole("button", { name: "Enviar mensagem" }).click();
  await toastShown(page, "Contato enviado com sucesso!");
  const stored = await query<{ nome: string; imovel_id: number | null }>("SELECT nome, imovel_id FROM mensagens WHERE nome LIKE ? ORDER BY id", [`%${tag}`]);
  expect(stored).toEqual([
    { nome: `Geral ${tag}`, imovel_id: null },
    { nome: `Interessado ${tag}`, imovel_id: listing.id },
  ]);

  await page.setExtraHTTPHeaders({});
  await loginAsAdmin(page, js);
  await expectBarShowsUnread(page);

  // Both are in the inbox, unread, newest first; the second names its listing.
  await open(`/admin/mensagens?q=${tag}`);
  const items = page.locator("li.inbox-item");
  await expect(items).toHaveCount(2);
  await expect(items.nth(0).getByRole("link", { name: new RegExp(`Interessado ${tag}`) })).toBeVisible();
  await expect(items.nth(0)).toContainText(`${listing.codigo} – Rua Lead ${tag}, 10`);
  await expect(items.nth(0).getByRole("link", { name: "ver no site" })).toHaveAttribute("href", `/imovel/${listing.id}`);
  await expect(items.nth(0).getByRole("link", { name: "editar" })).toHaveAttribute("href", `/admin/imovelEdit/${listing.id}`);
  await expect(items.nth(1)).toContainText(`Geral ${tag}`);
  await expect(items.nth(1)).toContainText(`Quero vender minha casa. ${tag}`);
  for (const i of [0, 1]) await expect(items.nth(i).getByText("Não lida", { exact: true })).toBeVisible();
  // The server process's worker sent the agency e-mail to the test SMTP server.
  await expect(async () => {
    await page.reload();
    await expect(items.nth(0).getByText("E-mail enviado")).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });

  // Search by the listing's code: only the message about it.
  await page.getByRole("searchbox").fill(listing.codigo);
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${listing.codigo}`));
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText(`Interessado ${tag}`);
});

test("opening a message shows it whole and marks it read; unread again and read again from the list; the unread count follows", async ({ page, open, js }, info) => {
  test.slow(); // the unread count is read at quiet moments, which may take a few reloads
  const tag = tagOf(info);
  const listing = await ownListing({ endereco: `Rua Leitura ${tag}` });
  const sobreImovel = await sendMessage(page, {
    email: `imovel-${tag}@teste.com.br`,
    nome: `Interessado ${tag}`,
    telefone: "(17) 98888-7777",
    mensagem: `Olá! Tenho interesse no imóvel ${listing.codigo}. Podemos conversar?`,
    imovel_id: String(listing.id),
  });
  const geral = await sendMessage(page, { email: `geral-${tag}@teste.com.br`, nome: `Geral ${tag}`, telefone: "(17) 3421-0000", mensagem: "Bom dia" });
  await loginAsAdmin(page, js);
  await expectBarShowsUnread(page);
  const items = page.locator("li.inbox-item");
  await open(`/admin/mensagens?filtro=todas&q=${listing.codigo}`);
  await expect(items).toHaveCount(1);

  // Opening shows it whole, with the reply shortcuts, and marks it read.
  await items.first().getByRole("link", { name: "Abrir" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/mensagens/${sobreImovel}\\?`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Mensagem de Interessado ${tag}`);
  await expect(page.locator(".mensagem-texto")).toHaveText(`Olá! Tenho interesse no imóvel ${listing.codigo}. Podemos conversar?`);
  const mailto = await page.getByRole("link", { name: "Responder por e-mail" }).getAttribute("href");
  expect(decodeURIComponent(mailto!)).toBe(`mailto:imovel-${tag}@teste.com.br?subject=Re: ${listing.codigo} – Rua Leitura ${tag}, 10`);
  const wa = new URL((await page.getByRole("link", { name: "Responder no WhatsApp" }).getAttribute("href"))!);
  expect(`${wa.origin}${wa.pathname}`).toBe("https://wa.me/5517988887777");
  expect(await stateOf(sobreImovel)).toEqual({ lida: true, arquivada: false });
  await expectBarShowsUnread(page);

  // Back in the list it is read; 'Marcar como não lida' (a fetcher with JavaScript: no page load).
  await page.getByRole("link", { name: "‹ Voltar às mensagens" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/mensagens\\?filtro=todas&q=${listing.codigo}$`));
  // The list itself (the message's page has no items, so 'no Não lida' alone would pass there).
  await expect(items).toHaveCount(1);
  await expect(items.first().getByText("Não lida", { exact: true })).toHaveCount(0);
  // The post to the message's address (as a fetcher, React Router's `.data` form of it).
  const answered = page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname.replace(/\.data$/, "") === `/admin/mensagens/${sobreImovel}`,
  );
  await items.first().getByRole("button", { name: "Marcar como não lida" }).click();
  await expect(items.first().getByText("Não lida", { exact: true })).toBeVisible();
  await expect(items.first().getByRole("button", { name: "Marcar como lida" })).toBeVisible();
  // With JavaScript a fetcher gets its { ok } (200) and the list revalidates where it is; without,
  // the form post is answered with a redirect back and a toast.
  expect((await answered).status()).toBe(js ? 200 : 302);
  if (!js) await toastShown(page, "Mensagem marcada como não lida");
  await expect.poll(() => stateOf(sobreImovel)).toEqual({ lida: false, arquivada: false });
  await expectBarShowsUnread(page);

  // 'Marcar como lida' from the list, for the general one.
  await open(`/admin/mensagens?filtro=nao-lidas&q=Geral%20${tag}`);
  await expect(items).toHaveCount(1);
  await items.first().getByRole("button", { name: "Marcar como lida" }).click();
  await expect.poll(() => stateOf(geral)).toEqual({ lida: true, arquivada: false });
  await expect(items).toHaveCount(0); // no longer unread
  await expectBarShowsUnread(page);
});

test("archive, unarchive, and delete with NÃO then SIM", async ({ page, open, js }, info) => {
  const tag = tagOf(info);
  const id = await sendMessage(page, { email: `arquivo-${tag}@teste.com.br`, nome: `Arquivo ${tag}`, telefone: "17 3421-0000", mensagem: "Pode me ligar?" });
  await loginAsAdmin(page, js);
  const items = page.locator("li.inbox-item");

  await open(`/admin/mensagens?filtro=todas&q=${tag}`);
  await expect(items).toHaveCount(1);
  await items.first().getByRole("button", { name: "Arquivar" }).click();
  await expect(items.first().getByText("Arquivada", { exact: true })).toBeVisible();
  await expect(items.first().getByRole("button", { name: "Desarquivar" })).toBeVisible();
  await expect.poll(() => stateOf(id)).toEqual({ lida: false, arquivada: true });

  await page.getByRole("navigation", { name: "Filtrar mensagens" }).getByRole("link", { name: "Arquivadas" }).click();
  await expect(page).toHaveURL(/filtro=arquivadas/);
  // The filter's own page (one item was also true of 'Todas', which shows the archived one).
  await expect(page.getByRole("navigation", { name: "Filtrar mensagens" }).getByRole("link", { name: "Arquivadas" })).toHaveAttribute("aria-current", "page");
  await expect(items).toHaveCount(1);
  await page.getByRole("navigation", { name: "Filtrar mensagens" }).getByRole("link", { name: "Não lidas" }).click();
  await expect(items).toHaveCount(0); // archived: out of the unread ones
  await open(`/admin/mensagens?filtro=arquivadas&q=${tag}`);
  await items.first().getByRole("button", { name: "Desarquivar" }).click();
  await expect(items).toHaveCount(0); // left the archive
  await expect.poll(() => stateOf(id)).toEqual({ lida: false, arquivada: false });

  await open(`/admin/mensagens?q=${tag}`);
  await items.first().getByRole("link", { name: "Excluir" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Excluir" })).toBeVisible();
  await expect(dialog.getByText("Tem certeza que deseja excluir ?")).toBeVisible();
  await expect(dialog).toContainText(`Arquivo ${tag}`);
  await dialog.getByRole("link", { name: "NÃO" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(items).toHaveCount(1);
  expect(await stateOf(id)).toEqual({ lida: false, arquivada: false }); // looking at it read nothing

  await items.first().getByRole("link", { name: "Excluir" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "SIM" }).click();
  await toastShown(page, "Mensagem excluída", { title: "Sucesso" });
  await expect(page).toHaveURL(new RegExp(`/admin/mensagens\\?q=${tag}$`));
  await expect(items).toHaveCount(0);
  expect(await stateOf(id)).toBeNull();
});
