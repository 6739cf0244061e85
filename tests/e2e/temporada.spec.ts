// Issue 33 §2, with JavaScript on and off: a booked weekend refused and the nearest free stay of the
// same length offered, with its total; /temporada with dates leaving a booked listing out (and the
// home search's dates landing there); a booking request in the inbox as 'Reserva', with its e-mail.
import { test, expect, loginAsAdmin, toastShown } from "./helpers";
import { tagOf, visitorIp } from "./mensagens-support";
import { br, plusDays, temporadaListing, today, weekend } from "./temporada-support";

test("a booked weekend is refused with the nearest free stay of the same length, which is offered with its total", async ({ page, open }, info) => {
  test.slow();
  const w = weekend();
  const listing = await temporadaListing(`Rua Temporada ${tagOf(info)}`, { bloqueios: [{ inicio: w.chegada, fim: plusDays(w.chegada, 1) }] });
  await open(`/imovel/${listing.id}`);
  // The calendar shows that Friday booked, in words too (not colour alone).
  await expect(page.locator(`td[title="${br(w.chegada)}: ocupado"]`)).toContainText("ocupado");
  await expect(page.locator(`td[title="${br(w.saida)}: livre"]`)).toContainText("livre");

  const form = page.locator("form.cal-check");
  await form.getByLabel("Chegada").fill(w.chegada);
  await form.getByLabel("Saída").fill(w.saida);
  await form.getByLabel("Hóspedes").fill("4");
  await form.getByRole("button", { name: "Verificar datas" }).click();
  await expect(page).toHaveURL(new RegExp(`/imovel/${listing.id}\\?chegada=${w.chegada}&saida=${w.saida}&hospedes=4`));
  const answer = page.locator(".cal-answer");
  await expect(answer).toContainText("Indisponível nessas datas");
  // Friday and Saturday nights are booked: the nearest two free nights start on the Sunday they leave.
  const next = { chegada: w.saida, saida: plusDays(w.saida, 2) };
  const offer = answer.getByRole("link", { name: `${br(next.chegada)} a ${br(next.saida)}` });
  await expect(offer).toBeVisible();
  await offer.click();
  await expect(page.locator(".cal-answer")).toContainText("Disponível");
  await expect(page.locator(".cal-answer")).toContainText("2 diárias × R$ 500,00 = R$ 1.000,00");

  // A past arrival is refused by its field, São Paulo's today.
  await open(`/imovel/${listing.id}?chegada=${plusDays(today(), -1)}&saida=${plusDays(today(), 2)}&hospedes=2`);
  await expect(page.locator("form.cal-check")).toContainText("A chegada não pode ser antes de hoje.");
  await expect(page.locator(".cal-answer")).toHaveCount(0);
});

test("/temporada with dates lists only the listings free for the whole stay, each with its total; the home search's dates land there", async ({ page, open }, info) => {
  test.slow();
  const tag = tagOf(info);
  const bairro = `Represa ${tag}`;
  const w = weekend(21);
  const booked = await temporadaListing(`Rua Ocupada ${tag}`, { bairro, bloqueios: [{ inicio: plusDays(w.chegada, 1), fim: plusDays(w.chegada, 1) }] });
  const free = await temporadaListing(`Rua Livre ${tag}`, { bairro, diaria: 400 });
  // Without dates both are listed: the precondition of the claim.
  await open(`/temporada?bairro=${encodeURIComponent(bairro)}`);
  await expect(page.locator(`.card a[href="/imovel/${booked.id}"]`)).toBeVisible();
  await expect(page.locator(`.card a[href="/imovel/${free.id}"]`)).toBeVisible();

  await open(`/temporada?bairro=${encodeURIComponent(bairro)}&chegada=${w.chegada}&saida=${w.saida}&hospedes=3`);
  await expect(page.locator(`.card a[href="/imovel/${free.id}"]`)).toContainText("2 diárias × R$ 400,00 = R$ 800,00");
  await expect(page.locator(`.card a[href="/imovel/${booked.id}"]`)).toHaveCount(0);
  // More guests than the house takes: nothing.
  await open(`/temporada?bairro=${encodeURIComponent(bairro)}&chegada=${w.chegada}&saida=${w.saida}&hospedes=7`);
  await expect(page.getByText("Nenhum imóvel livre nessas datas para esse número de hóspedes.")).toBeVisible();
  // Saída before chegada: the message by its field, and no filter by dates.
  await open(`/temporada?bairro=${encodeURIComponent(bairro)}&chegada=${w.saida}&saida=${w.chegada}&hospedes=2`);
  await expect(page.locator(".estadia-fields")).toContainText("A saída deve ser depois da chegada.");
  await expect(page.locator(`.card a[href="/imovel/${booked.id}"]`)).toBeVisible();

  // The home search: the two dates appear once Temporada is chosen, and the search lands on /temporada.
  await open("/");
  await expect(page.getByLabel("Chegada")).toBeHidden();
  await page.getByLabel("Finalidade").selectOption("Temporada");
  await page.getByLabel("Chegada").fill(w.chegada);
  await page.getByLabel("Saída").fill(w.saida);
  await page.locator("form.search-form").getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(new RegExp(`/temporada\\?chegada=${w.chegada}&saida=${w.saida}`));
  await expect(page.locator("#f-chegada")).toHaveValue(w.chegada);
});

test("a booking request lands in the inbox as 'Reserva' with its stay, and its agency e-mail goes out", async ({ page, open, js }, info) => {
  test.slow();
  const tag = tagOf(info);
  const w = weekend(28);
  const listing = await temporadaListing(`Rua Reserva ${tag}`);
  await page.setExtraHTTPHeaders({ "x-forwarded-for": visitorIp() });
  await open(`/imovel/${listing.id}?chegada=${w.chegada}&saida=${w.saida}&hospedes=3`);
  await expect(page.locator(".cal-answer")).toContainText("Disponível");
  const form = page.locator("form.reserva-form");
  // The stay comes filled in from 'Verificar datas'.
  await expect(form.getByLabel("Chegada")).toHaveValue(w.chegada);
  await expect(form.getByLabel("Hóspedes")).toHaveValue("3");
  await form.getByLabel("Nome").fill(`Hóspede ${tag}`);
  await form.getByLabel("Telefone").fill("(17) 98888-4321");
  await form.getByLabel("Email").fill(`reserva-${tag}@teste.com.br`);
  await form.getByRole("button", { name: "Solicitar reserva" }).click();
  await expect(page).toHaveURL(new RegExp(`/imovel/${listing.id}$`));
  await toastShown(page, "Pedido de reserva enviado!");

  await page.setExtraHTTPHeaders({});
  await loginAsAdmin(page, js);
  await open(`/admin/mensagens?filtro=reservas&q=${tag}`);
  const item = page.locator("li.inbox-item");
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(`Reserva ${br(w.chegada)} a ${br(w.saida)} (2 diárias), 3 hóspedes`);
  await expect(item).toContainText(listing.codigo);
  await expect(async () => {
    await page.reload();
    await expect(item.getByText("E-mail enviado")).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
});
