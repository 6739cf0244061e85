// Issue 34, with and without JavaScript: a message from the contact form followed to a close on
// /admin/atendimentos and its page ('Assumir', a note, 'Retornar em' yesterday → 'Atrasados' and
// 'Hoje', Proposta, Fechado; Perdido needs a motive); one person's two messages as one contact; a
// WhatsApp tap counted and redirected; the charts of 'Home admin' with their tables; the admin bar
// as a menu on a phone.
import { test, expect, loginAsAdmin, seriousA11yViolations, toastShown } from "./helpers";
import { query } from "./db";
import { ownListing, tagOf, visitorIp } from "./mensagens-support";
import { E2E } from "./env";

const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** Yesterday at 10:00 in São Paulo, as a datetime-local field takes it. */
function yesterdayAt10() {
  const sp = new Date(Date.now() - 3 * 3_600_000 - 24 * 3_600_000);
  return `${sp.toISOString().slice(0, 10)}T10:00`;
}

test("a message from the contact form: Assumir, a note, Retornar em yesterday (Atrasados, Hoje), Proposta, Fechado; Perdido needs a motive; one contact", async ({ page, open, js }, info) => {
  test.slow(); // a form, a login, a dozen posts
  const tag = tagOf(info);
  const nome = `Lead ${tag}`;
  // A phone of this test's own: the js and nojs runs share the database, and one phone is one contact.
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, "0");
  const phone = { typed: `(17) 9${digits.slice(0, 4)}-${digits.slice(4)}`, other: `+55 17 9${digits}` };
  await page.setExtraHTTPHeaders({ "x-forwarded-for": visitorIp() });
  await open("/contato");
  await page.getByLabel("Email").fill(`lead-${tag}@teste.com.br`);
  await page.getByLabel("Nome").fill(nome);
  await page.getByLabel("Telefone").fill(phone.typed);
  await page.getByLabel("Assunto").fill(`Procuro casa no centro. ${tag}`);
  await page.getByRole("button", { name: "Enviar mensagem" }).click();
  await toastShown(page, "Contato enviado com sucesso!");
  // The same person again, another e-mail, the phone written another way: one contact.
  const again = await page.request.post("/contato", {
    form: { email: `outro-${tag}@teste.com.br`, nome: `${nome} (de novo)`, telefone: phone.other, mensagem: `Ainda procuro. ${tag}` },
    headers: { "x-forwarded-for": visitorIp() },
    maxRedirects: 0,
  });
  expect(again.status()).toBe(302);
  const [{ id }] = await query<{ id: number }>("SELECT id FROM mensagens WHERE email = ?", [`lead-${tag}@teste.com.br`]);
  await page.setExtraHTTPHeaders({});

  // loginAsAdmin waits for a pathname: the filter is opened after it.
  await loginAsAdmin(page, js, "/admin/atendimentos");
  await open("/admin/atendimentos?filtro=sem-responsavel");
  const card = page.locator(`li.atd-card[data-id="${id}"]`);
  await expect(card).toBeVisible();
  await expect(page.locator("section.atd-col", { has: card }).getByRole("heading")).toContainText("Novo");
  await card.getByRole("button", { name: `Assumir o atendimento de ${nome}` }).click();
  await toastShown(page, "Atendimento assumido");
  // Taken: no longer 'Sem responsável'; under 'Meus', in 'Em atendimento', with my name.
  await expect(card).toHaveCount(0);
  await open("/admin/atendimentos?filtro=meus");
  await expect(page.locator("section.atd-col", { has: card }).getByRole("heading")).toContainText("Em atendimento");
  await expect(card).toContainText(E2E.ADMIN_EMAIL);

  await card.getByRole("link", { name: nome }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Atendimento de ${nome}`);
  await expect(page.getByRole("heading", { name: "2 mensagens desta pessoa" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Mensagens desta pessoa" }).getByRole("listitem")).toHaveCount(2);

  await page.getByLabel("Nova anotação").fill(`Ligou, quer 3 quartos. ${tag}`);
  await page.getByRole("button", { name: "Adicionar anotação" }).click();
  await toastShown(page, "Anotação adicionada");
  const timeline = page.locator("ol.atd-timeline");
  await expect(timeline).toContainText(`Ligou, quer 3 quartos. ${tag}`);
  await expect(timeline.locator("li", { hasText: "Ligou" })).toContainText(E2E.ADMIN_EMAIL);
  await expect(page.getByLabel("Nova anotação")).toHaveValue("");

  await page.getByLabel("Retornar em").fill(yesterdayAt10());
  await page.getByRole("button", { name: "Salvar retorno" }).click();
  await toastShown(page, "Retorno salvo");
  await open("/admin/atendimentos?filtro=atrasados");
  await expect(card).toBeVisible();
  await expect(card).toContainText("Atrasado");
  await open("/admin");
  await expect(page.getByRole("list", { name: "Meus retornos" }).getByRole("link", { name: nome })).toBeVisible();

  await open(`/admin/atendimentos/${id}`);
  // 'Perdido' without a motive: refused, the message next to the field, nothing saved.
  await page.getByLabel("Etapa", { exact: true }).selectOption("Perdido");
  await page.getByRole("button", { name: "Salvar etapa" }).click();
  await expect(page.locator("#form-etapa")).toContainText("Informe o motivo da perda.");
  expect((await query<{ etapa: string }>("SELECT etapa FROM mensagens WHERE id = ?", [id]))[0].etapa).toBe("Em atendimento");

  for (const etapa of ["Proposta", "Fechado"]) {
    await open(`/admin/atendimentos/${id}`);
    await page.getByLabel("Etapa", { exact: true }).selectOption(etapa);
    await page.getByRole("button", { name: "Salvar etapa" }).click();
    await toastShown(page, "Etapa alterada");
    await expect(timeline).toContainText(`Etapa: ${etapa}`);
  }
  const [row] = await query<{ etapa: string; etapa_max: number }>("SELECT etapa, etapa_max FROM mensagens WHERE id = ?", [id]);
  expect(row).toEqual({ etapa: "Fechado", etapa_max: 4 });
  // The admin history has every change, without the note's words.
  const hist = await query<{ resumo: string }>("SELECT resumo FROM historico WHERE mensagem_id = ? AND acao = 'atendimento' ORDER BY id", [id]);
  expect(hist.map((h) => h.resumo.replace(/^Mensagem #\d+ \(Contato\): /, ""))).toEqual([
    "responsável definido",
    "anotação",
    "retorno marcado",
    "etapa: proposta",
    "etapa: fechado",
  ]);
  // A closed one is no longer late.
  await open("/admin/atendimentos?filtro=atrasados");
  await expect(card).toHaveCount(0);
});

test("a WhatsApp tap is counted and redirected to the listing's wa.me text; bots and prefetches are not counted", async ({ page, open, js }, info) => {
  const tag = tagOf(info);
  const listing = await ownListing({ endereco: `Rua Zap ${tag}` });
  await open(`/imovel/${listing.id}`);
  const link = page.getByRole("link", { name: "Conversar pelo WhatsApp" });
  await expect(link).toHaveAttribute("href", `/whatsapp?imovel=${listing.id}`);
  const taps = async () => Number((await query<{ n: number | null }>("SELECT SUM(total) AS n FROM whatsapp_toques WHERE imovel_id = ?", [listing.id]))[0].n ?? 0);
  expect(await taps()).toBe(0);

  const res = await page.request.get(`/whatsapp?imovel=${listing.id}`, { maxRedirects: 0, headers: { "user-agent": CHROME } });
  expect(res.status()).toBe(302);
  expect(res.headers()["cache-control"]).toContain("no-store");
  expect(res.headers()["set-cookie"]).toBeUndefined();
  const wa = new URL(res.headers().location);
  expect(`${wa.origin}${wa.pathname}`).toMatch(/^https:\/\/wa\.me\/55\d{10,11}$/);
  expect(wa.searchParams.get("text")).toMatch(new RegExp(`^Olá! Tenho interesse no imóvel ${listing.codigo} \\(Casa em Centro\\): https?://[^ ]+/imovel/${listing.id}$`));
  await expect.poll(taps, { timeout: 15_000 }).toBe(1);

  await page.request.get(`/whatsapp?imovel=${listing.id}`, { maxRedirects: 0, headers: { "user-agent": "facebookexternalhit/1.1" } });
  await page.request.get(`/whatsapp?imovel=${listing.id}`, { maxRedirects: 0, headers: { "user-agent": CHROME, "sec-purpose": "prefetch" } });
  // A counted tap after them: once it is in, the two before it were not counted.
  await page.request.get(`/whatsapp?imovel=${listing.id}`, { maxRedirects: 0, headers: { "user-agent": CHROME } });
  await expect.poll(taps, { timeout: 15_000 }).toBe(2);
  expect((await page.request.get("/whatsapp?imovel=abc", { maxRedirects: 0 })).status()).toBe(400);
  const header = await page.request.get("/whatsapp", { maxRedirects: 0, headers: { "user-agent": CHROME } });
  expect(header.headers().location).toMatch(/^https:\/\/wa\.me\/55\d+$/);

  // Next to the views in the admin list.
  await loginAsAdmin(page, js);
  await open(`/admin/imovel?q=${listing.codigo}`);
  await expect(page.getByRole("columnheader", { name: "WhatsApp 30 dias" })).toBeVisible();
  await expect(page.locator(`tr[data-id="${listing.id}"] td.views`).nth(1).locator("strong")).toHaveText("2");
});

test("'Home admin' shows 'Hoje' and the three charts, each with its table; the admin pages are axe clean", async ({ page, open, js, browser, baseURL }, info) => {
  // A lead and a view of this test's own, not ones left by another spec that happened to run first
  // (alone, it found no message to open and no 'Mais vistos' chart: that one is drawn once a listing
  // was viewed in the last 30 days).
  const tag = tagOf(info);
  await query("INSERT INTO mensagens (nome, email, telefone, mensagem) VALUES (?, ?, '(17) 99123-4567', 'Olá')", [`Gráficos ${tag}`, `graficos-${tag}@teste.com.br`]);
  const [{ id }] = await query<{ id: number }>("SELECT id FROM mensagens WHERE nome = ?", [`Gráficos ${tag}`]);
  await query(
    "INSERT INTO imovel_visualizacoes (imovel_id, dia, total) SELECT id, DATE(CONVERT_TZ(UTC_TIMESTAMP(), '+00:00', '-03:00')), 1 FROM imoveis WHERE ativo = 'sim' ORDER BY id LIMIT 1 ON DUPLICATE KEY UPDATE total = total + 1",
  );
  await loginAsAdmin(page, js, "/admin");
  await expect(page.getByRole("heading", { name: "Hoje" })).toBeVisible();
  for (const name of [/Leads por semana/, /Funil dos últimos 90 dias/, /mais vistos em 30 dias/]) {
    const figure = page.getByRole("figure", { name });
    await expect(figure).toBeVisible();
    await expect(figure.locator("svg")).toBeVisible();
    await expect(figure.getByRole("table")).toBeVisible();
  }
  await expect(page.getByRole("figure", { name: /Leads por semana/ }).getByRole("table").locator("tbody tr")).toHaveCount(12);
  await expect(page.getByRole("figure", { name: /Funil/ }).getByRole("rowheader", { name: "Fechado", exact: true })).toBeVisible();
  for (const url of ["/admin", "/admin/atendimentos", `/admin/atendimentos/${id}`]) {
    expect(await seriousA11yViolations({ page, browser, js, baseURL }, url), url).toEqual([]);
  }
  await open("/admin/atendimentos");
});

test("on a 390 px phone the admin bar is a menu (a <details>): the links with the current page marked, the e-mail, 'Alterar senha' and SAIR", async ({ page, open, js }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAsAdmin(page, js, "/admin/atendimentos");
  await open("/admin/atendimentos");
  const nav = page.getByRole("navigation", { name: "Painel" });
  await expect(nav).toBeHidden();
  await expect(page.getByRole("button", { name: "SAIR" })).toBeHidden();
  await page.locator(".admin-menu-toggle summary").click();
  await expect(nav).toBeVisible();
  await expect(nav.getByRole("link", { name: "Atendimentos" })).toHaveAttribute("aria-current", "page");
  // Eight today; 'Importar' (issue 32) makes nine.
  expect(await nav.getByRole("link").count()).toBeGreaterThanOrEqual(8);
  await expect(page.locator(".admin-menu").getByText(E2E.ADMIN_EMAIL)).toBeVisible();
  await expect(page.getByRole("link", { name: "Alterar senha" })).toBeVisible();
  await expect(page.getByRole("button", { name: "SAIR" })).toBeVisible();
  await nav.getByRole("link", { name: "Imoveis" }).click();
  await expect(page).toHaveURL(/\/admin\/imovel$/);
});
