import { test as base, expect, type Page } from "@playwright/test";

type Fixtures = {
  /** true in the "js" project, false in "nojs" */
  js: boolean;
  /** Opens a page; with JavaScript on, waits until React has hydrated before the test clicks. */
  open: (url: string) => ReturnType<Page["goto"]>;
};

/**
 * Hydrated, and done fetching the lazy route manifest. A manifest patch that lands while React is
 * still hydrating can reset a form's just-typed values (seen in the admin form under load), so
 * tests start typing only after it.
 */
export async function settled(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.waitForLoadState("networkidle");
}

export const test = base.extend<Fixtures>({
  js: async ({ javaScriptEnabled }, use) => {
    await use(javaScriptEnabled !== false);
  },
  open: async ({ page, js }, use) => {
    await use(async (url: string) => {
      const res = await page.goto(url);
      if (js) await settled(page);
      return res;
    });
  },
});

export { expect };

/** Logs in as the e2e administrator; the page ends on /admin/imovel. */
export async function loginAsAdmin(page: Page, js: boolean) {
  const { E2E } = await import("./env");
  await page.goto("/login");
  if (js) await settled(page);
  await page.getByLabel("Email").fill(E2E.ADMIN_EMAIL);
  await page.getByLabel("Senha").fill(E2E.ADMIN_PASSWORD);
  await page.getByRole("button", { name: "ENTRAR" }).click();
  await page.waitForURL(/\/admin\/imovel/);
  if (js) await settled(page);
}
