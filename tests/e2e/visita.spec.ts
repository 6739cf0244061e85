// Issue 22: 'Agendar visita' on the property page, with JavaScript on and off: the request reaches the
// inbox as a 'Visita' with its day and period, the 'Visitas' filter lists it, and its agency e-mail
// goes out through the same outbox. A day too far ahead is refused by its field, what was typed kept.
import { test, expect, loginAsAdmin, toastShown } from "./helpers";
import { query } from "./db";
import { ownListing, tagOf, visitorIp } from "./mensagens-support";

// A fake clock (page.clock) lives on the browser context: this file's tests get contexts of their own.
test.use({ freshContext: true });

/** YYYY-MM-DD `n` days after today in São Paulo, and how the inbox writes it. */
function day(n: number) {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  const iso = d.toISOString().slice(0, 10);
  const [y, m, dd] = iso.split("-");
  return { iso, br: `${dd}/${m}/${y}` };
}

test("a visit request reaches the inbox with its day and period, under 'Visitas', and its e-mail goes out", async ({ page, open, js }, info) => {
  test.slow(); // a form, a login, an e-mail to wait for
  const tag = tagOf(info);
  const listing = await ownListing({ endereco: `Rua Visita ${tag}` });
  await page.setExtraHTTPHeaders({ "x-forwarded-for": visitorIp() });
  await open(`/imovel/${listing.id}`);
  const form = page.locator("form.visita-form");
  await expect(page.getByRole("heading", { name: "Agendar visita" })).toBeVisible();
  await form.getByLabel("Nome").fill(`Visitante ${tag}`);
  await form.getByLabel("Telefone").fill("(17) 98888-1234");
  await form.getByLabel("Email").fill(`visita-${tag}@teste.com.br`);
  // Too far ahead first: refused by its field on /visita, the rest kept.
  await form.getByLabel("Dia da visita").fill(day(90).iso);
  await form.getByLabel("Tarde").check();
  await form.evaluate((f: HTMLFormElement) => (f.noValidate = true)); // the browser's max would stop it first
  await form.getByRole("button", { name: "Agendar visita" }).click();
  await expect(page.getByText("Escolha um dia dentro dos próximos 60 dias.")).toBeVisible();
  await expect(page.locator("form.visita-form").getByLabel("Nome")).toHaveValue(`Visitante ${tag}`);

  await page.locator("form.visita-form").getByLabel("Dia da visita").fill(day(5).iso);
  await page.locator("form.visita-form").getByLabel("Tarde").check();
  await page.locator("form.visita-form").getByRole("button", { name: "Agendar visita" }).click();
  await expect(page).toHaveURL(new RegExp(`/imovel/${listing.id}$`));
  await toastShown(page, "Pedido de visita enviado!");

  await page.setExtraHTTPHeaders({});
  await loginAsAdmin(page, js);
  await open(`/admin/mensagens?filtro=visitas&q=${tag}`);
  const item = page.locator("li.inbox-item");
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(`Visita ${day(5).br} (tarde)`);
  await expect(item).toContainText(`${listing.codigo} – Rua Visita ${tag}, 10`);
  await expect(item.getByText("Visita", { exact: true }).first()).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(item.getByText("E-mail enviado")).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  // A contact message is not a visit.
  await open(`/admin/mensagens?filtro=visitas&q=${encodeURIComponent("Quero vender")}`);
  await expect(page.getByText("Nenhuma mensagem encontrada.")).toBeVisible();
});

test("the day's bounds come from the visitor's own clock (São Paulo's today … 60 days) once the field is reached for; without JavaScript the field has none", async ({ page, open, js }) => {
  // Noon in São Paulo on a day the server's clock is not on: a bound written by the server would show.
  await page.clock.setFixedTime(new Date("2027-03-10T12:00:00-03:00"));
  const [{ id }] = await query<{ id: number }>("SELECT id FROM imoveis WHERE ativo = 'sim' ORDER BY id LIMIT 1");
  await open(`/imovel/${id}`);
  const field = page.locator("form.visita-form").getByLabel("Dia da visita");
  await expect(field).toBeVisible();
  if (js) {
    // Set when the visitor reaches for the field, not at load (São Paulo's date costs the page's load).
    expect(await field.getAttribute("min")).toBeNull();
    await field.focus();
    await expect(field).toHaveAttribute("min", "2027-03-10");
    await expect(field).toHaveAttribute("max", "2027-05-09");
  } else {
    expect(await field.getAttribute("min")).toBeNull();
    expect(await field.getAttribute("max")).toBeNull();
  }
});
