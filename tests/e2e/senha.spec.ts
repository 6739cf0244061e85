import { hash } from "@node-rs/argon2";
import { query } from "./db";
import { test, expect, logIn, loginAsAdmin, seriousA11yViolations, settled, toastShown } from "./helpers";

const OLD = "senha-antiga-e2e-1";
const NEW = "cavalo-bateria-grampo-e2e";

/** An administrator of this project alone: the shared admin's password must not change under other tests. */
async function freshAdmin(project: string) {
  const email = `senha-${project}@teste.local`;
  await query("DELETE FROM usuarios WHERE email = ?", [email]);
  await query("INSERT INTO usuarios (email, password_hash) VALUES (?, ?)", [email, await hash(OLD, { algorithm: 2 })]);
  return email;
}


test("an admin changes their password: errors beside the fields, then 'Senha alterada' and other sessions end", async ({ page, browser, js, baseURL }, info) => {
  const email = await freshAdmin(info.project.name);
  // A second browser logged in as the same admin: it must be logged out by the change.
  const other = await browser.newContext({ baseURL, locale: "pt-BR", javaScriptEnabled: js });
  const otherPage = await other.newPage();
  await logIn(otherPage, js, email, OLD);
  await logIn(page, js, email, OLD);

  await page.getByRole("link", { name: "Alterar senha" }).click();
  await page.waitForURL(/\/admin\/senha$/);
  if (js) await settled(page);
  await expect(page.getByRole("heading", { level: 1, name: "Alterar senha" })).toBeVisible();

  await page.getByLabel("Senha atual").fill("nao-e-a-senha-1");
  await page.getByLabel("Nova senha", { exact: true }).fill("qwertyuiop");
  await page.getByLabel("Confirmação da nova senha").fill("qwertyuiop-x");
  await page.getByRole("button", { name: "Alterar senha" }).click();
  await expect(page.getByText("Esta senha é muito comum. Escolha outra.")).toBeVisible();
  await expect(page.getByText("A confirmação não é igual à nova senha.")).toBeVisible();
  await expect(page.getByLabel("Nova senha", { exact: true })).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Senha atual").fill("nao-e-a-senha-1");
  await page.getByLabel("Nova senha", { exact: true }).fill(NEW);
  await page.getByLabel("Confirmação da nova senha").fill(NEW);
  await page.getByRole("button", { name: "Alterar senha" }).click();
  await expect(page.getByText("Senha atual incorreta.")).toBeVisible();
  await expect(page.getByLabel("Senha atual")).toHaveValue("");

  await page.getByLabel("Senha atual").fill(OLD);
  await page.getByLabel("Nova senha", { exact: true }).fill(NEW);
  await page.getByLabel("Confirmação da nova senha").fill(NEW);
  await page.getByRole("button", { name: "Alterar senha" }).click();
  await toastShown(page, "Senha alterada");

  // This session stays; the other browser's is gone.
  await page.goto("/admin/imovel");
  await expect(page).toHaveURL(/\/admin\/imovel/);
  await otherPage.goto("/admin/imovel");
  await expect(otherPage).toHaveURL(/\/login\?redirectTo=/);
  await other.close();

  const [row] = await query<{ n: number }>("SELECT COUNT(*) AS n FROM sessoes s JOIN usuarios u ON u.id = s.usuario_id WHERE u.email = ?", [email]);
  expect(Number(row.n)).toBe(1);
});

test("/admin/senha has no serious accessibility violation", async ({ page, browser, js, baseURL }) => {
  await loginAsAdmin(page, js);
  expect(await seriousA11yViolations({ page, browser, js, baseURL }, "/admin/senha")).toEqual([]);
});
