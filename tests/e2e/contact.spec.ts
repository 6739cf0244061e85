import mysql from "mysql2/promise";
import { test, expect, seriousA11yViolations, toastShown } from "./helpers";
import { E2E } from "./env";


type Row = { nome: string; email: string; telefone: string; mensagem: string; ip: string };

async function mensagensPorEmail(email: string) {
  const conn = await mysql.createConnection(E2E.DATABASE_URL);
  try {
    const [rows] = await conn.query("SELECT nome, email, telefone, mensagem, ip FROM mensagens WHERE email = ?", [email]);
    return rows as Row[];
  } finally {
    await conn.end();
  }
}

/** Every test posts from its own address, so the per-IP limit (shared by all tests on 127.0.0.1) never bites. */
function uniqueIp() {
  const n = () => Math.floor(Math.random() * 250) + 1;
  return `10.${n()}.${n()}.${n()}`;
}

let ip: string;
test.beforeEach(async ({ page }) => {
  ip = uniqueIp();
  await page.setExtraHTTPHeaders({ "x-forwarded-for": ip });
});

test("contact page has the form, the address and the map", async ({ page, open, js }) => {
  const res = await open("/contato");
  expect(res?.status()).toBe(200);
  await expect(page).toHaveTitle(/Contato/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{30,}/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contato");
  await expect(page.locator("h1")).toHaveCount(1);

  const form = page.locator("form.contact-form");
  await expect(form).toHaveAttribute("method", "post");
  await expect(form).toHaveAttribute("action", "/contato");
  await expect(page.getByLabel("Email")).toHaveAttribute("type", "email");
  await expect(page.getByLabel("Telefone")).toHaveAttribute("type", "tel");
  await expect(page.getByLabel("Assunto")).toHaveJSProperty("tagName", "TEXTAREA");
  for (const label of ["Email", "Nome", "Telefone", "Assunto"]) {
    await expect(page.getByLabel(label)).toHaveAttribute("required", "");
  }
  const hp = page.locator('input[name="website"]');
  await expect(hp).toHaveAttribute("tabindex", "-1");
  await expect(hp).toHaveAttribute("autocomplete", "off");
  await expect(hp).not.toBeInViewport();

  await expect(page.locator("address").first()).toContainText("Votuporanga/SP");
  // Issue 24: the map is asked of Google only when the visitor presses "Mostrar o mapa"; a link otherwise.
  await expect(page.getByRole("link", { name: "Abrir no mapa" })).toHaveAttribute("href", /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=[^&]*Votuporanga/);
  const map = page.locator('iframe[title^="Mapa"]');
  await expect(map).toHaveCount(0);
  if (!js) return void (await expect(page.getByRole("button", { name: "Mostrar o mapa" })).toHaveCount(0));
  await page.route("https://www.google.com/**", (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<p>mapa</p>" }));
  await page.getByRole("button", { name: "Mostrar o mapa" }).click();
  await expect(map).toHaveAttribute("src", /^https:\/\/www\.google\.com\/maps\?q=[^&]*Votuporanga[^&]*&output=embed$/);
});

test("a valid message is stored, then the success toast and an empty form", async ({ page, open }, testInfo) => {
  const email = `contato-${testInfo.project.name}-${Date.now()}@teste.com.br`;
  await open("/contato");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Nome").fill("Joana Teste");
  await page.getByLabel("Telefone").fill("(17) 99123-4567");
  await page.getByLabel("Assunto").fill("Quero agendar uma visita.\nPode ser à tarde?");
  await page.getByRole("button", { name: "Enviar mensagem" }).click();

  await toastShown(page, "Contato enviado com sucesso!");
  await expect(page).toHaveURL(/\/contato$/);
  for (const label of ["Email", "Nome", "Telefone", "Assunto"]) {
    await expect(page.getByLabel(label)).toHaveValue("");
  }

  const rows = await mensagensPorEmail(email);
  expect(rows).toEqual([
    {
      nome: "Joana Teste",
      email,
      telefone: "(17) 99123-4567",
      mensagem: "Quero agendar uma visita.\nPode ser à tarde?",
      ip,
    },
  ]);
});

test("invalid input shows the errors next to the fields and keeps the values", async ({ page, open }, testInfo) => {
  const nome = `Invalido ${testInfo.project.name} ${Date.now()}`;
  await open("/contato");
  // Both pass the browser's own checks (type=email accepts a host without a dot, tel accepts anything),
  // so without JavaScript the server's validation is what answers.
  await page.getByLabel("Email").fill("maria@exemplo");
  await page.getByLabel("Nome").fill(nome);
  await page.getByLabel("Telefone").fill("1234");
  await page.getByLabel("Assunto").fill("Mensagem mantida");
  await page.getByRole("button", { name: "Enviar mensagem" }).click();

  const email = page.getByLabel("Email");
  const telefone = page.getByLabel("Telefone");
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator(`#${await email.getAttribute("aria-describedby")}`)).toHaveText(
    "Informe um e-mail válido, por exemplo nome@exemplo.com.br.",
  );
  await expect(telefone).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator(`#${await telefone.getAttribute("aria-describedby")}`)).toHaveText(
    "Informe um telefone válido com DDD, por exemplo (17) 99999-9999.",
  );
  await expect(email).toHaveValue("maria@exemplo");
  await expect(page.getByLabel("Nome")).toHaveValue(nome);
  await expect(telefone).toHaveValue("1234");
  await expect(page.getByLabel("Assunto")).toHaveValue("Mensagem mantida");
  await expect(page.getByText("Contato enviado com sucesso!")).toHaveCount(0);

  const conn = await mysql.createConnection(E2E.DATABASE_URL);
  try {
    const [rows] = await conn.query("SELECT id FROM mensagens WHERE nome = ?", [nome]);
    expect(rows).toHaveLength(0);
  } finally {
    await conn.end();
  }
});

test("an empty required field is reported, with the values kept", async ({ page, open, js }) => {
  if (js) {
    await open("/contato");
    await page.locator("form.contact-form").evaluate((f: HTMLFormElement) => {
      f.noValidate = true;
    });
    await page.getByLabel("Email").fill("nao-e-email");
    await page.getByLabel("Nome").fill("Carlos Teste");
    await page.getByLabel("Assunto").fill("Texto que fica");
    await page.getByRole("button", { name: "Enviar mensagem" }).click();
    await expect(page.getByLabel("Telefone")).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator(".field", { has: page.getByLabel("Telefone") })).toContainText("Informe seu telefone.");
    await expect(page.locator(".field", { has: page.getByLabel("Email") })).toContainText("Informe um e-mail válido");
    await expect(page.getByLabel("Email")).toHaveValue("nao-e-email");
    await expect(page.getByLabel("Nome")).toHaveValue("Carlos Teste");
    await expect(page.getByLabel("Assunto")).toHaveValue("Texto que fica");
  } else {
    // Without JavaScript the browser would block this submit itself: post the form as a client that ignores `required`.
    const res = await page.request.post("/contato", {
      form: { email: "nao-e-email", nome: "Carlos Teste", telefone: "", mensagem: "Texto que fica" },
      headers: { "x-forwarded-for": ip },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(400);
    const html = await res.text();
    expect(html).toContain("Informe seu telefone.");
    expect(html).toContain("Informe um e-mail válido");
    expect(html).toMatch(/<input[^>]*value="nao-e-email"/);
    expect(html).toMatch(/<input[^>]*value="Carlos Teste"/);
    expect(html).toMatch(/<textarea[^>]*>Texto que fica<\/textarea>/);
    expect(html).not.toContain("Contato enviado com sucesso!");
  }
});

test("too many messages from one address get a clear message and keep the values", async ({ page, open }, testInfo) => {
  const email = `limite-${testInfo.project.name}-${Date.now()}@teste.com.br`;
  const form = { email, nome: "Lia Teste", telefone: "17 3421-0000", mensagem: "Teste de limite" };
  for (let i = 0; i < 5; i++) {
    const res = await page.request.post("/contato", { form, headers: { "x-forwarded-for": ip }, maxRedirects: 0 });
    expect(res.status()).toBe(302);
  }
  await open("/contato");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Nome").fill("Lia Teste");
  await page.getByLabel("Telefone").fill("17 3421-0000");
  await page.getByLabel("Assunto").fill("Sexta mensagem");
  await page.getByRole("button", { name: "Enviar mensagem" }).click();

  await expect(page.getByRole("alert").filter({ hasText: /várias mensagens em pouco tempo.*minutos?/ })).toBeVisible();
  await expect(page.getByLabel("Assunto")).toHaveValue("Sexta mensagem");
  await expect(page.getByText("Contato enviado com sucesso!")).toHaveCount(0);
  expect(await mensagensPorEmail(email)).toHaveLength(5);
});

test("the contact page has no serious accessibility violation", async ({ page, browser, js, baseURL }) => {
  expect(await seriousA11yViolations({ page, browser, js, baseURL }, "/contato")).toEqual([]);
});
