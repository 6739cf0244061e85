import { chromium } from "@playwright/test";
const [url, out, scroll = "0", js = "true"] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
for (const width of [375, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: width === 375 ? 800 : 900 }, javaScriptEnabled: js === "true" });
  await page.goto(url, { waitUntil: "networkidle" });
  await page.evaluate((y) => window.scrollTo(0, y), Number(scroll));
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${out}-${width}.png` });
  console.log(width, await page.evaluate(() => document.documentElement.scrollWidth));
  await page.close();
}
await browser.close();
