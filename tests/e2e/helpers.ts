import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Browser, type BrowserContext, type Cookie, type Page } from "@playwright/test";
import { TOAST_RECORDER } from "./toasts";

type Fixtures = {
  /**
   * A test file that needs a browser context of its own (a fake clock, which lives on the context;
   * counting what the network carries, which a warm cache would hide) says `test.use({ freshContext: true })`.
   */
  freshContext: boolean;
  /** true in the "js" project, false in "nojs" */
  js: boolean;
  /** Opens a page; with JavaScript on, waits until React has hydrated before the test clicks. */
  open: (url: string) => ReturnType<Page["goto"]>;
  /** Automatic: the session and toast cookies a test ends with, for the secret-grep (tests/e2e/teardown.ts). */
  recordCookies: void;
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

export { toastShown } from "./toasts";

type WorkerFixtures = { workerContext: BrowserContext; workerPage: { page?: Page } };

export const test = base.extend<Fixtures, WorkerFixtures>({
  freshContext: [false, { option: true }],
  // One browser context per worker, shared by its tests: its HTTP cache and the compiled scripts stay
  // warm from one test to the next, where a context per test downloaded, parsed and compiled the
  // app's JavaScript again on every first page (two thirds of the suite's CPU went to Chromium).
  // Each test still starts clean: no cookie, no permission, no route, no extra header, its own page.
  workerContext: [
    async ({ browser }, use, workerInfo) => {
      const { baseURL, locale, javaScriptEnabled, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = workerInfo.project.use;
      const context = await browser.newContext({ baseURL, locale, javaScriptEnabled, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch });
      await context.addInitScript(TOAST_RECORDER);
      await use(context);
      await context.close();
    },
    { scope: "worker" },
  ],
  // One tab per worker too, navigated from test to test: a new tab starts a new renderer process
  // (here a page opened and hydrated in 0.75 s in a new tab, 0.40 s in the tab already open; six
  // specs, 81 tests: 163 s → 142 s). After each test the tab is put back as a new one is: no
  // listener, no route, no extra header, the project's viewport and media. A test that needs a tab
  // of its own opens one (context.newPage), or a context (freshContext).
  workerPage: [
    // Playwright reads a fixture's dependencies from its first parameter: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use({});
    },
    { scope: "worker" },
  ],
  page: async ({ context, workerContext, workerPage, viewport }, use) => {
    if (context !== workerContext) {
      await use(await context.newPage());
      return;
    }
    const page = workerPage.page && !workerPage.page.isClosed() ? workerPage.page : (workerPage.page = await context.newPage());
    await use(page);
    page.removeAllListeners();
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await page.setExtraHTTPHeaders({});
    await page.emulateMedia({ media: null, colorScheme: null, reducedMotion: null, forcedColors: null });
    if (viewport) await page.setViewportSize(viewport);
    // The test's last document stays until the next test's first navigation (unloading it first,
    // to about:blank or /healthz, cost back a third to all of what the shared tab saves), silenced:
    // its timers cleared and its loading stopped, so nothing of it reaches the next test's listeners.
    await page
      .evaluate(() => {
        const last = window.setTimeout(() => {}, 0);
        for (let id = 0; id <= last; id++) {
          window.clearTimeout(id);
          window.clearInterval(id);
        }
        window.stop();
      })
      .catch(() => {});
  },
  context: async ({ workerContext, workerPage, freshContext, browser }, use, testInfo) => {
    if (freshContext) {
      const { baseURL, locale, javaScriptEnabled, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = testInfo.project.use;
      const own = await browser.newContext({ baseURL, locale, javaScriptEnabled, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch });
      await own.addInitScript(TOAST_RECORDER);
      await use(own);
      await own.close();
      return;
    }
    await use(workerContext);
    // Every tab but the worker's own (popups, a second page a test opened).
    for (const p of workerContext.pages()) if (p !== workerPage.page) await p.close();
    await workerContext.clearCookies();
    await workerContext.clearPermissions();
    await workerContext.unrouteAll({ behavior: "ignoreErrors" });
    await workerContext.setExtraHTTPHeaders({});
  },
  recordCookies: [
    async ({ context }, use) => {
      await use();
      const file = process.env.E2E_SECRETS_FILE;
      const personal = (await context.cookies()).filter((c) => /imob_sessao|toast-session/.test(c.name) && c.value.length >= 16);
      if (file && personal.length) fs.appendFileSync(file, personal.map((c) => `cookie ${c.name}\t${c.value}\n`).join(""));
    },
    { auto: true },
  ],
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

/**
 * Logs in through the login page (asking for `to` after it, when given) and waits for the page it
 * must land on: `landsOn`, by default `to` or else /admin/imovel. With `landsOn: null` it only sends
 * the form, for a test that waits for something else (a refusal).
 */
export async function logIn(page: Page, js: boolean, email: string, password: string, { to, landsOn }: { to?: string; landsOn?: RegExp | null } = {}) {
  await page.goto(to ? `/login?redirectTo=${encodeURIComponent(to)}` : "/login");
  if (js) await settled(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Senha").fill(password);
  await page.getByRole("button", { name: "ENTRAR" }).click();
  const target = landsOn === undefined ? (url: URL) => url.pathname === (to ?? "/admin/imovel") : landsOn;
  if (!target) return;
  await page.waitForURL(target);
  if (js) await settled(page);
}

// The e2e administrator's session, one per Playwright worker, reused by every test that only needs
// to be logged in: a login through the form is two pages and an argon2 check (one to three seconds on
// this busy machine), and most admin tests begin with one. Tests about logging in use logIn.
let adminSession: Cookie | undefined;

/** Logs in as the e2e administrator; the page ends on `to` (by default /admin/imovel). */
export async function loginAsAdmin(page: Page, js: boolean, to = "/admin/imovel") {
  if (adminSession) {
    await page.context().addCookies([adminSession]);
    await page.goto(to);
    const at = new URL(page.url());
    if (`${at.pathname}${at.search}` === to) {
      if (js) await settled(page);
      return;
    }
    // The session ended meanwhile (a test pressed SAIR): log in again.
  }
  const { E2E } = await import("./env");
  await logIn(page, js, E2E.ADMIN_EMAIL, E2E.ADMIN_PASSWORD, { to });
  adminSession = (await page.context().cookies()).find((c) => /imob_sessao$/.test(c.name));
}

/**
 * axe's serious and critical findings on `path`. axe runs inside the page, so for the no-JavaScript
 * project it audits the same server HTML in a page whose scripts are blocked (it never hydrates).
 */
export async function seriousA11yViolations({ page, browser, js, baseURL }: A11yArgs, path: string) {
  let target = page;
  let context: BrowserContext | undefined;
  if (js) {
    await page.goto(path);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  } else {
    // Explicit: contexts made in a test inherit the project's options, javaScriptEnabled: false included.
    context = await browser.newContext({ baseURL, locale: "pt-BR", javaScriptEnabled: true });
    // The same session as the test's page (an admin page audited after loginAsAdmin).
    await context.addCookies(await page.context().cookies());
    await context.route(/\.m?js(\?.*)?$/, (route) => route.abort());
    target = await context.newPage();
    await target.goto(path);
  }
  try {
    // The entrance animations (admin child screens fade in over 0.2 s) must be over: axe measures
    // the contrast of text as drawn, and half-transparent text mid-animation fails it.
    // Endless ones (a spinner) never finish and are left alone.
    await target.evaluate(() => Promise.all(document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity).map((a) => a.finished)));
    const results = await axeBuilder(target).analyze();
    return results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  } finally {
    await context?.close();
  }
}

/**
 * axe for `page`. Its default run audits each frame apart and finishes in a new blank tab (a new
 * renderer process); a page without frames (all but a listing with a map or a video) gets the same
 * audit from axe.run in the page itself, in half the time here (1.0–1.5 s against 2.0–2.9 s a page;
 * the same passes and violations on /, /venda and a listing). With a frame, even a same-origin one,
 * axe.run alone left the frame's content out (seen with a srcdoc frame): the default run then.
 */
export function axeBuilder(page: Page) {
  return new AxeBuilder({ page }).setLegacyMode(page.frames().length === 1);
}

export type A11yArgs = { page: Page; browser: Browser; js: boolean; baseURL?: string };
