// Admins in the panel (issue 24), with and without JavaScript: the e2e admin creates an admin, who
// logs in with the one-time password, must choose their own, reaches the panel, and is deactivated:
// their next request lands on the login page.
import { query } from "./db";
import { test, expect, logIn, loginAsAdmin, seriousA11yViolations, settled, toastShown } from "./helpers";

const OWN = "girassol-janela-trevo-e2e";


test("an admin creates an admin, who chooses their own password, reaches the panel, and is logged out when deactivated", async ({ page, browser, js, baseURL }, info) => {
  const email = `novo-${info.project.name}-${Date.now().toString(36)}@teste.local`;
  await loginAsAdmin(page, js);
  await page.getByRole("link", { name: "Usuários" }).click();
  await page.waitForURL(/\/admin\/usuarios$/);
  if (js) await settled(page);
  await expect(page.getByRole("heading", { level: 1, name: "Usuários" })).toBeVisible();

  // Errors beside the fields first.
  const create = page.locator("form.users-new-form");
  await create.getByLabel("E-mail").fill("nao-e-email");
  // Enter submits from the field: no blur message appears under the pointer before the click lands.
  await create.getByLabel("E-mail").press("Enter");
  await expect(create.getByText("Informe um e-mail válido, como nome@exemplo.com.")).toBeVisible();
  await expect(create.getByText("Informe o nome.")).toBeVisible();

  await create.getByLabel("E-mail").fill(email);
  await create.getByLabel("Nome").fill("Nova Corretora");
  await create.getByRole("button", { name: "Criar administrador" }).click();
  const box = page.getByRole("region", { name: "Administrador criado" });
  await expect(box).toContainText(email);
  const otp = (await box.getByTestId("senha-provisoria").textContent()) ?? "";
  expect(otp).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
  await expect(page.getByRole("row", { name: email })).toContainText("senha provisória");
  expect(page.url()).not.toContain(otp);

  // The new admin, in their own browser.
  const theirs = await browser.newContext({ baseURL, locale: "pt-BR", javaScriptEnabled: js });
  const them = await theirs.newPage();
  await logIn(them, js, email, otp, { landsOn: /\/admin\/senha$/ });
  await expect(them.getByRole("heading", { level: 1, name: "Escolha a sua senha" })).toBeVisible();
  // Nothing else of the panel opens before that.
  await them.goto("/admin/imovel");
  await expect(them).toHaveURL(/\/admin\/senha$/);
  if (js) await settled(them);
  await them.getByLabel("Senha provisória").fill(otp);
  await them.getByLabel("Nova senha", { exact: true }).fill(OWN);
  await them.getByLabel("Confirmação da nova senha").fill(OWN);
  await them.getByRole("button", { name: "Salvar e continuar" }).click();
  await them.waitForURL(/\/admin\/imovel/);
  await expect(them.getByRole("navigation", { name: "Painel" })).toBeVisible();
  const [row] = await query<{ must_change_password: number; ultimo_login_em: Date | null }>("SELECT must_change_password, ultimo_login_em FROM usuarios WHERE email = ?", [email]);
  expect(row).toMatchObject({ must_change_password: 0 });
  expect(row.ultimo_login_em).not.toBeNull();

  // The first admin deactivates them.
  await page.goto("/admin/usuarios");
  if (js) await settled(page);
  const theirRow = page.getByRole("row", { name: email });
  await theirRow.getByRole("button", { name: "Desativar" }).click();
  await toastShown(page, "Administrador desativado");
  await expect(page.getByRole("row", { name: email })).toContainText("Inativo");
  await expect(page.getByRole("row", { name: email }).getByRole("button", { name: "Reativar" })).toBeVisible();

  // Their next request lands on the login page, and their password no longer opens it.
  await them.goto("/admin/imovel");
  await expect(them).toHaveURL(/\/login\?redirectTo=/);
  await logIn(them, js, email, OWN, { landsOn: null });
  await expect(them.getByRole("alert")).toHaveText("Senha e/ou email estão incorretos");
  await theirs.close();

  const history = await query<{ acao: string; resumo: string | null }>(
    "SELECT h.acao, h.resumo FROM historico h JOIN usuarios u ON u.id = h.alvo_usuario_id WHERE u.email = ? ORDER BY h.id",
    [email],
  );
  expect(history.map((h) => h.acao)).toEqual(["usuario", "login", "senha_alterada", "usuario", "login_falhou"]);
});

test("/admin/usuarios has no serious accessibility violation", async ({ page, browser, js, baseURL }) => {
  await loginAsAdmin(page, js);
  expect(await seriousA11yViolations({ page, browser, js, baseURL }, "/admin/usuarios")).toEqual([]);
});
