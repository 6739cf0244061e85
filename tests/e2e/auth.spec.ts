import type { Page, TestInfo } from "@playwright/test";
import { E2E } from "./env";
import { test, expect } from "./helpers";

/** Fills and sends the login form; resolves with the HTTP status of the POST once it has answered. */
async function submitLogin(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Senha").fill(password);
  const answer = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/login"));
  await page.getByRole("button", { name: "ENTRAR" }).click();
  return (await answer).status();
}

/** A wrong e-mail of this test and project alone: both projects share one server and one IP. */
const wrongEmail = (info: TestInfo, tag: string) => `${tag}-${info.project.name}@errado.local`;

test("a wrong login shows the exact red alert, keeps the e-mail and not the password", async ({ page, open }, info) => {
  const email = wrongEmail(info, "alerta");
  await open("/login");
  await expect(page.getByRole("heading", { level: 1, name: "Login Painel Administrativo" })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveAttribute("type", "email");
  expect(await submitLogin(page, email, "senha-errada-123")).toBe(401);
  const alert = page.getByRole("main").getByRole("alert");
  await expect(alert).toHaveText("Senha e/ou email estão incorretos");
  await expect(alert).toHaveClass(/alert alert-danger/);
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expect(page.getByLabel("Senha")).toHaveValue("");
  expect(await page.content()).not.toContain("senha-errada-123");
  await expect(page).toHaveURL(/\/login$/);
});

test("the 6th wrong try is refused with a message saying when to retry", async ({ page, open }, info) => {
  const email = wrongEmail(info, "limite");
  await open("/login");
  for (let i = 1; i <= 5; i++) {
    expect(await submitLogin(page, email, `senha-errada-${i}`), `try ${i}`).toBe(401);
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("Senha e/ou email estão incorretos");
  }
  expect(await submitLogin(page, email, "senha-errada-6")).toBe(429);
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(
    /^Muitas tentativas de login\. Tente novamente em 1[45] minutos\.$/,
  );
});

test("a good login lands on /admin/imovel inside the admin shell", async ({ page, open }) => {
  await open("/login");
  await submitLogin(page, E2E.ADMIN_EMAIL, E2E.ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/admin\/imovel$/);
  await expect(page.getByRole("heading", { level: 1, name: "Imóveis" })).toBeVisible();
  const bar = page.getByRole("banner");
  await expect(bar).toContainText("Painel Administrativo");
  await expect(bar.getByRole("link", { name: "Imoveis" })).toHaveAttribute("href", "/admin/imovel");
  await expect(bar.getByRole("link", { name: "Banner" })).toHaveAttribute("href", "/admin/banner");
  await expect(bar.getByRole("button", { name: "SAIR" })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(page.locator('link[rel="stylesheet"][href*="admin"]')).toHaveCount(1);

  await bar.getByRole("link", { name: "Banner" }).click();
  await expect(page).toHaveURL(/\/admin\/banner$/);
  await expect(page.getByRole("heading", { level: 1, name: "Banner" })).toBeVisible();

  // Child screens slide in over 0.2 s, and stay still for visitors who ask for less motion.
  const main = page.getByRole("main");
  await expect(main).toHaveCSS("animation-duration", "0.2s");
  await page.emulateMedia({ reducedMotion: "reduce" });
  await expect(main).toHaveCSS("animation-name", "none");

  const res = await open("/admin/dashboard");
  expect(res?.headers()["x-robots-tag"]).toBe("noindex");
  expect(res?.headers()["cache-control"]).toContain("no-store");

  // Logged in, /login leads to the property list. /admin is 'Home admin' now (it used to redirect
  // to the list; changed on purpose by issue 13, produto §2).
  await open("/login");
  await expect(page).toHaveURL(/\/admin\/imovel$/);
  await open("/admin");
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1, name: "Home admin" })).toBeVisible();
});

test("a guarded URL while logged out goes to login, then back to it", async ({ page, open }) => {
  await open("/admin/dashboard?aba=2");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fdashboard%3Faba%3D2$/);
  await submitLogin(page, E2E.ADMIN_EMAIL, E2E.ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/admin\/dashboard\?aba=2$/);
  await expect(page.getByRole("heading", { level: 1, name: "Home admin" })).toBeVisible();
});

test("SAIR logs out, and the old cookie no longer opens the panel", async ({ page, open, context }) => {
  await open("/login?redirectTo=%2Fadmin%2Fbanner");
  await submitLogin(page, E2E.ADMIN_EMAIL, E2E.ADMIN_PASSWORD);
  await expect(page.getByRole("heading", { level: 1, name: "Banner" })).toBeVisible();
  const session = (await context.cookies()).find((c) => c.name.endsWith("imob_sessao"));
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe("Lax");

  await page.getByRole("button", { name: "SAIR" }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await context.cookies()).some((c) => c.name.endsWith("imob_sessao"))).toBe(false);
  await open("/admin/imovel");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fimovel$/);

  // Replaying the cookie of the ended session is refused.
  await context.addCookies([session!]);
  await open("/admin/imovel");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fimovel$/);
});

test("public pages and the login page load no admin styles", async ({ page, open }) => {
  for (const url of ["/", "/login"]) {
    await open(url);
    await expect(page.locator('link[rel="stylesheet"]').first()).toBeAttached();
    await expect(page.locator('link[href*="admin"], script[src*="admin"]')).toHaveCount(0);
  }
});
