// Issue 30: the privacy notice names every cookie a visitor can get. Each public form is sent as a
// visitor sends it (with JavaScript on and off), every Set-Cookie the browser receives is collected,
// and each name must be on /privacidade's list of cookies (which comes from utils/cookies.ts).
import type { Locator, Page } from "@playwright/test";
import { test, expect, toastShown } from "./helpers";
import { query } from "./db";
import { SEEDED_SQL } from "./listings";
import { tagOf, visitorIp } from "./mensagens-support";

/** Every cookie name the page receives from now on, whatever the request (documents and fetches). */
function collectCookieNames(page: Page) {
  const names = new Set<string>();
  page.on("response", async (r) => {
    const header = await r.headerValue("set-cookie").catch(() => null);
    for (const line of header?.split("\n") ?? []) names.add(line.split("=", 1)[0].trim());
  });
  return names;
}

test("every cookie a visitor receives from the public forms and the heart is named on /privacidade", async ({ page, open }, info) => {
  test.slow(); // five forms, one after another
  const tag = tagOf(info);
  const [{ id }] = await query<{ id: number }>(`SELECT i.id FROM imoveis i WHERE i.ativo = 'sim' AND ${SEEDED_SQL} ORDER BY i.id LIMIT 1`);
  const names = collectCookieNames(page);
  await page.setExtraHTTPHeaders({ "x-forwarded-for": visitorIp() });
  const day = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  // Each public form: where it is, what it asks beyond who is writing, its button and its toast.
  const forms: { path: string; form: string; fill: (form: Locator) => Promise<void>; button: string; toast: string }[] = [
    { path: "/contato", form: "form.contact-form", fill: (f) => f.getByLabel("Assunto").fill("Quero saber dos imóveis do Centro."), button: "Enviar mensagem", toast: "Contato enviado com sucesso!" },
    { path: `/imovel/${id}`, form: "form.property-contact", fill: (f) => f.getByLabel("Assunto").fill("Ainda está disponível?"), button: "Enviar mensagem", toast: "Contato enviado com sucesso!" },
    {
      path: `/imovel/${id}`,
      form: "form.visita-form",
      fill: async (f) => {
        await f.getByLabel("Dia da visita").fill(day);
        await f.getByLabel("Manhã").check();
      },
      button: "Agendar visita",
      toast: "Pedido de visita enviado!",
    },
    {
      path: "/anuncie",
      form: "form.anuncie-form",
      fill: async (f) => {
        await f.getByLabel("Venda").check();
        await f.getByLabel("Tipo").selectOption("Casa");
        await f.getByLabel("Bairro").fill(`Bairro ${tag}`);
      },
      button: "Enviar imóvel",
      toast: "Recebemos os dados do seu imóvel!",
    },
  ];
  for (const [i, f] of forms.entries()) {
    await open(f.path);
    const form = page.locator(f.form);
    await form.getByLabel("Nome").fill(`Visitante ${tag}`);
    await form.getByLabel("Telefone").fill("(17) 98888-1234");
    await form.getByLabel("Email").fill(`form${i}-${tag}@teste.com.br`);
    await f.fill(form);
    await form.getByRole("button", { name: f.button }).click();
    await toastShown(page, f.toast, { timeout: 20_000 });
  }

  await open(`/imovel/${id}`);
  await page.locator("button.fav-btn").click();
  await expect(page.locator("button.fav-btn")).toHaveText("Remover dos favoritos");

  // The precondition: the forms did set cookies (the toast's and the favourites'; the heart's answer
  // may still be on its way when its button already says so).
  await expect.poll(() => [...names].sort()).toEqual(expect.arrayContaining(["imob_favoritos", "toast-session"]));
  await open("/privacidade");
  const listed = await page.locator("table.cookie-table tbody th code").allTextContents();
  for (const name of names) expect(listed, `${name} on /privacidade`).toContain(name);
});
