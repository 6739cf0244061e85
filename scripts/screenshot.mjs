// Usage: node scripts/screenshot.mjs <url> <out-prefix> [--js=false]
import { chromium } from "@playwright/test";
const [url, out, ...rest] = process.argv.slice(2);
const js = !rest.includes("--js=false");
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
for (const width of [375, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: 900 }, javaScriptEnabled: js });
  await page.goto(url, { waitUntil: "networkidle" });
  await page.screenshot({ path: `${out}-${width}.png`, fullPage: true });
  await page.close();
}
await browser.close();
