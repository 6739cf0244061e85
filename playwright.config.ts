import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

// One free port per run, chosen once: workers inherit it through the environment.
process.env.E2E_PORT ??= execFileSync(process.execPath, [
  "-e",
  "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
]).toString();
const port = Number(process.env.E2E_PORT);
// The web server's output (tests/e2e/server.ts) and the cookies the tests ended with
// (tests/e2e/helpers.ts), for the secret-grep at the end of the run (tests/e2e/teardown.ts).
process.env.E2E_SERVER_LOG ??= path.join(os.tmpdir(), `imob-e2e-server-${port}.log`);
process.env.E2E_SECRETS_FILE ??= path.join(os.tmpdir(), `imob-e2e-secrets-${port}.txt`);
export const BASE_URL = `http://127.0.0.1:${port}`;

// Debian's headless shell (package chromium-headless-shell: the same Chromium, built without the
// desktop browser's window, GPU process and profile machinery; what Playwright itself runs headless):
// the whole suite runs in less than half the time of /usr/bin/chromium on this 2-core machine
// (measured: three specs 2.7 → 1.6 min). CHROMIUM_PATH picks another.
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium"),
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  },
};

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  outputDir: "test-results",
  fullyParallel: true,
  // A stray test.only would silently skip the rest of the suite: fail the run instead, everywhere.
  forbidOnly: true,
  // E2E_WORKERS picks another count (two: the machine's cores, which the browsers and the server keep busy).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // Deadlines, not speed claims: npm test runs vitest beside this (package.json), and the longest
  // flows (an axe pass over the public pages, a banner replaced and cropped, an alert end to end)
  // took 25 s there against 15–16 s alone. A hang still fails within a minute.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // A trace records every step of every test, failing or not: a third of the suite's time here
  // (three specs 1.6 → 1.2 min without it). PW_TRACE=1 records them again, kept for the failures.
  use: { baseURL: BASE_URL, trace: process.env.PW_TRACE === "1" ? "retain-on-failure" : "off", screenshot: "only-on-failure", locale: "pt-BR" },
  projects: [
    { name: "js", use: { ...chromium } },
    // server-process, server-empty, server-proxy, server-replica, server-mail, server-db-down, server-cache, server-clock, server-cluster, server-pair, server-stack and server-import-restart start extra servers from the build, quality.spec runs axe and measures JavaScript, valid-html checks the server's HTML (the same for both): js only.
    // Tests tagged @js are about what JavaScript adds (the carousel, dragging, hydration, CSP of running scripts): left out here rather than reported as skipped.
    // Tests tagged @http open no page (the `request` fixture alone): the same requests in either project, so they run once, in js.
    { name: "nojs", use: { ...chromium, javaScriptEnabled: false }, grepInvert: /@js\b|@http\b/, testIgnore: /server-process|server-empty|server-proxy|server-replica|server-mail|server-db-down|server-cache|server-clock|server-cluster|server-pair|server-metrics|server-stack|server-import|quality|valid-html/ },
  ],
  // Fails the run when the web server's log holds a password, a cookie, a token or a message body.
  globalTeardown: "./tests/e2e/teardown.ts",
  webServer: {
    command: `node --import tsx ${path.join("tests", "e2e", "server.ts")}`,
    url: `${BASE_URL}/healthz`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: "pipe",
    stderr: "pipe",
    env: { E2E_PORT: String(port), E2E_SERVER_LOG: process.env.E2E_SERVER_LOG, E2E_SECRETS_FILE: process.env.E2E_SECRETS_FILE },
  },
});
