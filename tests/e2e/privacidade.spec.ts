// Issue 24, LGPD on the public site: a consent line linking to /privacidade under every form that
// collects personal data; /privacidade says who, what and why, how long, the rights and how to use
// them; and the site itself sets no cookie but its own and loads nothing from another origin.
import { test, expect, seriousA11yViolations } from "./helpers";
import { query } from "./db";
import { SEEDED_SQL } from "./listings";

/** A seeded active listing with a street (its map section shows), one with a video first. */
async function listing() {
  const [row] = await query<{ id: number }>(
    `SELECT i.id FROM imoveis i WHERE i.ativo = 'sim' AND i.endereco <> '' AND ${SEEDED_SQL} ORDER BY (i.video IS NOT NULL) DESC, i.id LIMIT 1`,
  );
  return row.id;
}

test("each form that collects personal data has the consent line, below its fields, linking to /privacidade", async ({ page, open, js }) => {
  const id = await listing();
  const forms = [
    { path: "/contato", form: "form.contact-form" },
    { path: "/anuncie", form: "form.anuncie-form" },
    { path: `/imovel/${id}`, form: "form.property-contact" },
    { path: `/imovel/${id}`, form: "form.visita-form" },
  ];
  for (const f of forms) {
    await open(f.path);
    const form = page.locator(f.form);
    const consent = form.locator("p.consent");
    await expect(consent, `${f.path} ${f.form}`).toHaveCount(1);
    const link = consent.getByRole("link", { name: "Política de privacidade" });
    await expect(link).toHaveAttribute("href", "/privacidade");
    // One line of small print, between the last field and the submit button.
    const submit = form.locator('button[type="submit"]');
    const [c, s, last] = [await consent.boundingBox(), await submit.boundingBox(), await form.locator("input:visible, textarea:visible, select:visible").last().boundingBox()];
    expect(c!.y, `${f.form}: below the fields`).toBeGreaterThanOrEqual(last!.y);
    expect(c!.y, `${f.form}: above the button`).toBeLessThan(s!.y);
    expect(await consent.evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeLessThan(16);
  }
  // The link leads to the policy, with or without JavaScript.
  await open("/contato");
  await page.locator("form.contact-form p.consent").getByRole("link", { name: "Política de privacidade" }).click();
  await expect(page).toHaveURL(/\/privacidade$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Política de privacidade");
  if (js) await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
});

test("/privacidade: the controller, what is collected and why, how long, the rights and how to use them; linked from the footer, cached", async ({ page, open, js, browser, baseURL }) => {
  await open("/");
  await page.locator(".site-footer").getByRole("link", { name: "Política de privacidade" }).click();
  await expect(page).toHaveURL(/\/privacidade$/);
  await expect(page).toHaveTitle(/Política de privacidade/);
  const text = page.locator("article.privacidade-texto");
  for (const h of ["Quem cuida dos seus dados", "O que recebemos e por quê", "Cookies", "Por quanto tempo", "Seus direitos", "Como exercer seus direitos"]) {
    await expect(text.getByRole("heading", { level: 2, name: h, exact: true })).toBeVisible();
  }
  // Who (the AGENCY_* defaults of the e2e server) and how to reach them.
  await expect(text).toContainText("A controladora dos dados é a Imobiliária Votuporanga, Rua Amazonas, 3000");
  await expect(text.getByRole("link", { name: "contato@imobiliaria.local" }).first()).toHaveAttribute("href", "mailto:contato@imobiliaria.local");
  // What and why; how long (LEADS_RETENTION_DAYS' default); no third-party cookie.
  // The e-mail alerts (issue 32 §2): what, why, and how long (cancelled at once, unconfirmed in 7 days).
  for (const s of ["nome, e-mail, telefone", "dia e o período", "fotos enviadas", "Endereço IP e horário", "Não usamos cookies de terceiros", "730 dias", "anonimizadas", "Alertas de imóveis", "seu e-mail e a busca escolhida", "ele é apagado na hora", "não foi confirmado é apagado em 7 dias"]) {
    await expect(text).toContainText(s);
  }
  const rights = text.locator("ul").nth(1).locator("li");
  await expect(rights).toHaveCount(8);
  for (const r of ["confirmar se", "acessar", "corrigir", "anonimização, o bloqueio", "portabilidade", "eliminação dos dados tratados com o seu consentimento", "com quem compartilhamos", "revogar"]) await expect(rights.filter({ hasText: r })).toHaveCount(1);
  await expect(text).toContainText("Respondemos em até 15 dias");

  // Kept by the page cache like /sobre: the second anonymous read is a hit.
  const url = `${baseURL}/privacidade`;
  await fetch(url);
  await expect.poll(async () => (await fetch(url)).headers.get("x-cache")).toBe("HIT");
  expect(await seriousA11yViolations({ page, browser, js, baseURL }, "/privacidade")).toEqual([]);
});

test("public pages set no cookie but the site's own and load nothing from another origin until asked", async ({ page, open, js, context, baseURL }) => {
  const id = await listing();
  const foreign: string[] = [];
  page.on("request", (r) => {
    const u = new URL(r.url());
    if (!["data:", "blob:"].includes(u.protocol) && u.origin !== new URL(baseURL!).origin) foreign.push(r.url());
  });
  for (const path of ["/", "/imoveis", "/venda", `/imovel/${id}`, "/sobre", "/contato", "/anuncie", "/favoritos", "/privacidade"]) {
    await open(path);
    // Scrolled to the end, as a reader would: lazy embeds would load now.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    if (js) await page.waitForLoadState("networkidle");
    expect(foreign, path).toEqual([]);
  }
  // The one cookie a visitor gets: the favourites list, first-party, not readable by scripts.
  await open(`/imovel/${id}`);
  // With JavaScript the heart turns at once (the fetcher's pending state), before the server's answer
  // sets the cookie: the cookies are read once that answer has come (without, it is the page's post).
  const answered = page.waitForResponse((r) => /^\/favoritos(\.data)?$/.test(new URL(r.url()).pathname) && r.request().method() === "POST");
  await page.locator("button.fav-btn").click();
  await answered;
  await expect(page.locator("button.fav-btn")).toHaveText("Remover dos favoritos");
  const cookies = await context.cookies();
  expect(cookies.map((c) => c.name)).toContain("imob_favoritos");
  for (const c of cookies) {
    expect(["imob_favoritos", "toast-session"], c.name).toContain(c.name);
    expect(c.domain).toBe(new URL(baseURL!).hostname);
  }
  expect(foreign).toEqual([]);
});
