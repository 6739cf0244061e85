import http from "node:http";
import { test, expect } from "./helpers";

/** GET with the path sent exactly as written (browsers and fetch would normalize "..") */
function rawGet(baseURL: string, rawPath: string) {
  const u = new URL(baseURL);
  return new Promise<number>((resolve, reject) => {
    const req = http.request({ host: u.hostname, port: u.port, path: rawPath, method: "GET" }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", reject);
    req.end();
  });
}

test("home has the header with the WhatsApp link and the footer", async ({ page, open }) => {
  const res = await open("/");
  expect(res?.status()).toBe(200);
  const wa = page.getByRole("banner").getByRole("link", { name: /\(17\)/ });
  // Through /whatsapp, which counts the tap (issue 34) and sends the visitor on to the agency's number.
  await expect(wa).toHaveAttribute("href", "/whatsapp");
  const hop = await page.request.get("/whatsapp", { maxRedirects: 0 });
  expect(hop.status()).toBe(302);
  expect(hop.headers()["location"]).toMatch(/^https:\/\/wa\.me\/55\d{10,11}$/);
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("heading", { name: "Links" })).toBeVisible();
  await expect(footer.getByRole("heading", { name: "Redes sociais" })).toBeVisible();
  // The description's social section was empty: WhatsApp, through the same counted hop as the header's.
  await expect(footer.getByRole("region", { name: "Redes sociais" }).getByRole("link", { name: "WhatsApp" })).toHaveAttribute("href", "/whatsapp");
  await expect(footer).toContainText("Votuporanga/SP");
});

test("an unknown path redirects to the home page", async ({ page, request }) => {
  const res = await request.get("/nao-existe", { maxRedirects: 0 });
  expect(res.status()).toBe(302);
  expect(res.headers()["location"]).toBe("/");
  await page.goto("/nao-existe/mais");
  await expect(page).toHaveURL(/\/$/);
});

test("health and readiness answer", { tag: "@http" }, async ({ request }) => {
  expect((await request.get("/healthz")).status()).toBe(200);
  const ready = await request.get("/readyz");
  expect(ready.status()).toBe(200);
  expect(await ready.text()).toBe("ready");
});

test("image route serves generated files and refuses traversal", async ({ request, page, open, baseURL }) => {
  await open("/imoveis");
  // Other tests add listings without photos; take a card that has one.
  const src = await page.locator('.card img[src^="/img/"]').first().getAttribute("src");
  // Cards show the 400 px WebP variant; the stored JPEG beside it is served too.
  expect(src).toMatch(/^\/img\/[a-f0-9]{20}-400\.webp$/);
  const img = await request.get(src!);
  expect(img.status()).toBe(200);
  expect(img.headers()["content-type"]).toBe("image/webp");
  expect(img.headers()["cache-control"]).toContain("immutable");
  const original = await request.get(src!.replace("-400.webp", ".jpg"));
  expect(original.status()).toBe(200);
  expect(original.headers()["content-type"]).toBe("image/jpeg");
  expect(original.headers()["cache-control"]).toContain("immutable");
  for (const bad of ["/img/../package.json", "/img/%2e%2e/package.json", "/img/..%2fpackage.json", "/img/.env", "/img/nada.jpg"]) {
    expect(await rawGet(baseURL!, bad), bad).toBe(404);
  }
});
