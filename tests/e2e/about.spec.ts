import mysql from "mysql2/promise";
import { test, expect, seriousA11yViolations } from "./helpers";
import { E2E } from "./env";


test("about page: one h1, the about text ending with the invitation, the address and a contact link", async ({
  page,
  open,
}) => {
  const res = await open("/sobre");
  expect(res?.status()).toBe(200);
  await expect(page).toHaveTitle(/Sobre/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /médio e alto padrão/);
  await expect(page.locator("h1")).toHaveCount(1);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Sobre/);

  const text = page.locator("article.sobre-texto");
  await expect(text).toContainText("médio e alto padrão");
  await expect(text).toContainText("atualizada diariamente");
  await expect(text).toContainText("corretores");
  expect((await text.innerText()).trim()).toMatch(/Venha nos fazer uma visita\.$/);

  const main = page.getByRole("main");
  await expect(main.locator("address")).toContainText("Votuporanga/SP");
  await expect(main.locator("address")).toContainText("(17)");
  await main.getByRole("link", { name: "Fale conosco" }).click();
  await expect(page).toHaveURL(/\/contato$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contato");
});

test("the about page has no serious accessibility violation", async ({ page, browser, js, baseURL }) => {
  expect(await seriousA11yViolations({ page, browser, js, baseURL }, "/sobre")).toEqual([]);
});

async function activeIds() {
  const conn = await mysql.createConnection(E2E.DATABASE_URL);
  try {
    const [rows] = await conn.query("SELECT id FROM imoveis WHERE ativo = 'sim'");
    return new Set((rows as { id: number }[]).map((r) => r.id));
  } finally {
    await conn.end();
  }
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';
const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

test("sitemap.xml is an index of the public pages' file and the listings' files, which list every active property", { tag: "@http" }, async ({ request, baseURL }) => {
  // Other tests may change listings meanwhile: read the active ids before and after the sitemap.
  const before = await activeIds();
  const res = await request.get("/sitemap.xml");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toMatch(/^application\/xml/);
  const index = await res.text();
  expect(index.startsWith(XML_HEAD)).toBe(true);
  expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  expect(index).not.toContain("<url>");
  const files = locsOf(index);
  expect(files[0]).toBe(`${baseURL}/sitemap/paginas.xml`);
  expect(files.length).toBeGreaterThanOrEqual(2);
  for (const f of files.slice(1)) expect(f).toMatch(new RegExp(`^${baseURL}/sitemap/imoveis-\\d+\\.xml$`));

  const listed = new Set<number>();
  for (const [i, file] of files.entries()) {
    const part = await request.get(file.slice(baseURL!.length));
    expect(part.status(), file).toBe(200);
    expect(part.headers()["content-type"]).toMatch(/^application\/xml/);
    const xml = await part.text();
    expect(xml.startsWith(XML_HEAD)).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = locsOf(xml);
    expect(locs.length, file).toBeGreaterThanOrEqual(1);
    if (i === 0) {
      expect(locs).toEqual(["/", "/imoveis", "/locacao", "/venda", "/temporada", "/sobre", "/contato"].map((p) => `${baseURL}${p}`));
      continue;
    }
    for (const l of locs) expect(l).toMatch(new RegExp(`^${baseURL}/imovel/\\d+$`));
    expect(xml).toMatch(/<url><loc>[^<]+\/imovel\/\d+<\/loc><lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod><\/url>/);
    for (const l of locs) listed.add(Number(l.split("/").pop()));
  }
  const after = await activeIds();
  expect(listed.size).toBeGreaterThanOrEqual(15);
  for (const id of before) if (after.has(id)) expect(listed.has(id), `imóvel ativo ${id} no sitemap`).toBe(true);
  for (const id of listed) expect(before.has(id) || after.has(id), `imóvel ${id} está inativo`).toBe(true);
});

test("a sitemap file the index does not list is a 404", { tag: "@http" }, async ({ request }) => {
  for (const path of ["/sitemap/imoveis-0.xml", "/sitemap/imoveis-99999.xml", "/sitemap/outro.xml"]) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
});

test("robots.txt keeps crawlers out of the admin and points to the sitemap", { tag: "@http" }, async ({ request, baseURL }) => {
  const res = await request.get("/robots.txt");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toMatch(/^text\/plain/);
  const body = await res.text();
  expect(body).toMatch(/^User-agent: \*$/m);
  expect(body).toMatch(/^Disallow: \/admin$/m);
  expect(body).toMatch(/^Disallow: \/login$/m);
  expect(body).toMatch(/^Disallow: \/api\/$/m);
  expect(body).toMatch(new RegExp(`^Sitemap: ${baseURL}/sitemap\\.xml$`, "m"));
});
