// Issue 32 §1, with JavaScript on and off: a feed served on loopback imported from /admin/importar
// (listings, photos, cover, video, prices, condomínio, IPTU as in the feed), imported again with one
// price changed (one 'atualizado', the rest 'sem mudança', no duplicate), the bad inputs and the
// SSRF refusals. The js and nojs projects share one server, and one import runs at a time: each
// start waits for the other project's import to end (importFeed).
import type { Page } from "@playwright/test";
import { test, expect, loginAsAdmin } from "./helpers";
import { query } from "./db";
import { startFeedServer, vrsyncFeed, gpsJpeg, type FeedListing } from "../support/feed-server";

type Server = Awaited<ReturnType<typeof startFeedServer>>;
let server: Server;
test.beforeAll(async () => {
  server = await startFeedServer("127.0.0.2");
});
test.afterAll(async () => server?.close());

/** Sends the form (a URL or a file) and lands on the job's page, once no other import is running. */
async function importFeed(page: Page, source: { url: string } | { file: string; body: string }, opts: { publicar?: boolean } = {}) {
  const busy = page.getByText("Já há uma importação em andamento.");
  await expect(async () => {
    await page.goto("/admin/importar");
    if ("url" in source) await page.getByLabel("Endereço do feed").fill(source.url);
    else await page.getByLabel("Arquivo XML").setInputFiles({ name: source.file, mimeType: "application/xml", buffer: Buffer.from(source.body) });
    if (opts.publicar) await page.getByLabel("Publicar ao importar").check();
    await page.getByRole("button", { name: "Importar" }).click();
    // Refused while another import runs (the other project's, or the test beside): known at once,
    // and tried again a second later, rather than after waiting out the job page's 15 s.
    const started = () => /\/admin\/importar\/\d+$/.test(new URL(page.url()).pathname);
    await expect.poll(async () => started() || (await busy.isVisible()), { timeout: 15_000 }).toBe(true);
    expect(started(), "another import is running").toBe(true);
  }).toPass({ timeout: 120_000, intervals: [1000] });
  return Number(new URL(page.url()).pathname.split("/").pop());
}

/** Waits for the job's end (the page refreshes itself with or without JavaScript); its message. */
async function jobEnd(page: Page, js: boolean) {
  const end = page.locator(".alert-success, .alert-danger");
  // Without JavaScript the page refreshes itself every 3 s; the test reloads it sooner (as the
  // 'Atualizar' link would) rather than wait up to 3 s for the next refresh.
  await expect(async () => {
    if (!js && !(await end.count())) await page.reload();
    await expect(end).toBeVisible({ timeout: js ? 5000 : 500 });
  }).toPass({ timeout: 120_000, intervals: [250, 500, 1000] });
  return (await end.textContent()) ?? "";
}

const resultOf = (page: Page, codigo: string) => page.getByRole("row").filter({ has: page.getByRole("cell", { name: codigo, exact: true }) }).getByRole("cell").nth(2);

test("a feed imports into listings, and again with one price changed", async ({ page, js }) => {
  test.setTimeout(300_000);
  const tag = `${js ? "js" : "nojs"}${Date.now().toString(36)}`;
  const photos: string[] = [];
  for (let k = 1; k <= 3; k++) {
    server.routes.set(`/${tag}/f${k}.jpg`, { body: await gpsJpeg(1000, 750, ["#cc3333", "#33cc33", "#3333cc"][k - 1]), type: "image/jpeg" });
    photos.push(server.url(`/${tag}/f${k}.jpg`));
  }
  const feed: FeedListing[] = [
    { id: `${tag}-1`, price: 452000, condo: 310, iptu: 1250, photos: photos.map((url, i) => ({ url, primary: i === 1 })), video: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", street: `Rua Importada ${tag}` },
    { id: `${tag}-2`, transaction: "For Rent", type: "Residential / Apartment", price: 1800, condo: 450, yearlyTax: 820, street: `Rua Alugada ${tag}` },
  ];
  server.routes.set(`/${tag}/feed.xml`, { body: vrsyncFeed(feed) });
  await loginAsAdmin(page, js, "/admin/imovel");
  await expect(page.getByRole("navigation", { name: "Painel" }).getByRole("link", { name: "Importar" })).toHaveAttribute("href", "/admin/importar");

  await importFeed(page, { url: server.url(`/${tag}/feed.xml`) }, { publicar: true });
  expect(await jobEnd(page, js)).toContain("Importação concluída: 2 de 2 imóveis lidos.");
  await expect(resultOf(page, `${tag}-1`)).toHaveText("criado");
  await expect(resultOf(page, `${tag}-2`)).toHaveText("criado");
  // 'Publicar ao importar': active and on the portals; the report's 'Imóvel' opens the listing's edit page.
  const [pub] = await query<{ id: number; ativo: string; publicar_portais: string }>("SELECT id, ativo, publicar_portais FROM imoveis WHERE codigo_feed = ?", [`${tag}-2`]);
  expect(pub).toMatchObject({ ativo: "sim", publicar_portais: "sim" });
  await page.getByRole("row").filter({ has: page.getByRole("cell", { name: `${tag}-2`, exact: true }) }).getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/admin/imovelEdit/${pub.id}$`));

  // The listing as a visitor sees it: price, condomínio, IPTU, three photos with the primary one first, the video.
  const [row] = await query<{ id: number; capa: string }>("SELECT id, capa FROM imoveis WHERE codigo_feed = ?", [`${tag}-1`]);
  const fotos = await query<{ img: string; origem: string }>("SELECT img, origem FROM imovel_fotos WHERE imovel_id = ? ORDER BY position", [row.id]);
  expect(fotos.map((f) => f.origem)).toEqual(photos);
  expect(row.capa).toBe(fotos[1].img);
  await page.goto(`/imovel/${row.id}`);
  await expect(page.locator("main")).toContainText("R$ 452.000");
  await expect(page.locator("main")).toContainText("R$ 310");
  await expect(page.locator("main")).toContainText("R$ 1.250");
  await expect(page.locator(`img[src*="${fotos[1].img.replace(/\.jpg$/, "")}"]`).first()).toBeAttached();
  await expect(page.locator('[href*="youtube.com/watch?v=dQw4w9WgXcQ"], [data-video], iframe[src*="youtube"], button[aria-label*="vídeo" i], a[href*="dQw4w9WgXcQ"]').first()).toBeAttached();
  const [rent] = await query<{ preco: string; condominio: string; iptu: string; status: string }>("SELECT preco, condominio, iptu, status FROM imoveis WHERE codigo_feed = ?", [`${tag}-2`]);
  expect(rent).toMatchObject({ preco: "1800.00", condominio: "450.00", iptu: "820.00", status: "Locação" });

  // Again, with the rent changed.
  server.routes.set(`/${tag}/feed.xml`, { body: vrsyncFeed(feed.map((l) => (l.id === `${tag}-2` ? { ...l, price: 1950 } : l))) });
  await importFeed(page, { url: server.url(`/${tag}/feed.xml`) });
  expect(await jobEnd(page, js)).toContain("Importação concluída");
  await expect(resultOf(page, `${tag}-1`)).toHaveText("sem mudança");
  await expect(resultOf(page, `${tag}-2`)).toHaveText("atualizado");
  const [{ n }] = await query<{ n: number }>("SELECT COUNT(*) AS n FROM imoveis WHERE codigo_feed LIKE ?", [`${tag}-%`]);
  expect(Number(n)).toBe(2);
  // The CSV of the report, for a pt-BR Excel.
  const csv = await page.request.get(`${new URL(page.url()).pathname}/relatorio.csv`);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  expect(await csv.text()).toContain(`${tag}-2;`);
  // The listing's edit page names the feed's code it is matched by.
  await page.goto(`/admin/imovelEdit/${row.id}`);
  await expect(page.getByText(`Código no feed: ${tag}-1`)).toBeVisible();
});

test("bad input: a clear message, nothing imported; private addresses refused", async ({ page, js }) => {
  test.setTimeout(300_000);
  await loginAsAdmin(page, js, "/admin/importar");
  // Neither an address nor a file.
  await page.getByRole("button", { name: "Importar" }).click();
  await expect(page.getByText("Informe o endereço do feed ou escolha um arquivo XML.")).toBeVisible();

  await importFeed(page, { file: "entidades.xml", body: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><ListingDataFeed xmlns="http://www.vivareal.com/schemas/1.0/VRSync"/>' });
  expect(await jobEnd(page, js)).toContain("O arquivo declara um DTD (<!DOCTYPE …>): recusado, pois entidades nunca são expandidas.");
  await importFeed(page, { file: "outro.xml", body: '<?xml version="1.0"?><rss version="2.0"><channel/></rss>' });
  expect(await jobEnd(page, js)).toContain("Não é um feed VRSync: a raiz é <rss>");

  const port = new URL(page.url()).port || "80";
  server.routes.set("/para-loopback", { redirect: `http://127.0.0.1:${port}/healthz` });
  for (const url of [`http://127.0.0.1:${port}/feeds/vrsync.xml`, `http://localhost:${port}/feeds/vrsync.xml`, "http://10.0.0.1/feed.xml", "http://169.254.169.254/latest/meta-data/", server.url("/para-loopback")]) {
    await importFeed(page, { url });
    expect(await jobEnd(page, js), url).toContain("endereço de rede interna ou reservada (loopback, privado, link-local ou metadados): recusado");
  }
});

test("while it runs, the job's page says how far it got and refreshes itself, with JavaScript or without", async ({ page, js }) => {
  test.setTimeout(300_000);
  const tag = `prog${js ? "js" : "nojs"}${Date.now().toString(36)}`;
  // Each listing's one photo answers after 2.5 s: the import takes several seconds, listing by listing.
  const photo = await gpsJpeg(400, 300, "#3366cc");
  const feed: FeedListing[] = [1, 2, 3].map((k) => {
    server.routes.set(`/${tag}/f${k}.jpg`, { delay: 2_500, type: "image/jpeg", body: photo });
    return { id: `${tag}-${k}`, price: 300_000 + k, photos: [{ url: server.url(`/${tag}/f${k}.jpg`) }], street: `Rua Progresso ${tag}` };
  });
  server.routes.set(`/${tag}/feed.xml`, { body: vrsyncFeed(feed) });
  await loginAsAdmin(page, js, "/admin/importar");
  await importFeed(page, { url: server.url(`/${tag}/feed.xml`) });
  const status = page.locator(".import-progress");
  await expect(status.getByText(/^Importando [0-2] de 3$/)).toBeVisible({ timeout: 15_000 });
  await expect(status.getByRole("progressbar", { name: "Progresso da importação" })).toBeVisible();
  await expect(status.getByRole("link", { name: "Atualizar" })).toBeVisible();
  // Nobody reloads: the page moves on by itself (a fetch with JavaScript; the <noscript> refresh without).
  await expect(page.locator(".alert-success")).toContainText("Importação concluída: 3 de 3 imóveis lidos.", { timeout: 60_000 });
  await expect(resultOf(page, `${tag}-3`)).toHaveText("criado");
});

test("bad feeds end as 'falhou' with their reason; a listing without a price 'ignorado', bad photos 'com avisos'", async ({ page, js }) => {
  test.setTimeout(300_000);
  const tag = `ruim${js ? "js" : "nojs"}${Date.now().toString(36)}`;
  const NS = 'xmlns="http://www.vivareal.com/schemas/1.0/VRSync"';
  await loginAsAdmin(page, js, "/admin/importar");
  const feeds: [Parameters<Server["routes"]["set"]>[1], RegExp][] = [
    [{ body: '{"imoveis": []}' }, /O arquivo não é XML \(não começa com <\)/],
    [{ body: `<?xml version="1.0"?><ListingDataFeed xmlns="http://example.com/outro"><Listings/></ListingDataFeed>` }, /não é um feed VRSync: a raiz é <ListingDataFeed> em http:\/\/example.com\/outro/i],
    [{ body: `<?xml version="1.0"?><ListingDataFeed ${NS}><Header/><Listings></Listings></ListingDataFeed>` }, /o feed não tem nenhum imóvel/i],
    [{ body: "erro", status: 500, type: "text/plain" }, /o servidor do feed respondeu HTTP 500/i],
    [{ declared: 200_000_001 }, /o arquivo é maior que 200 MB/],
  ];
  for (const [i, [route, reason]] of feeds.entries()) {
    server.routes.set(`/${tag}/ruim-${i}.xml`, route);
    await importFeed(page, { url: server.url(`/${tag}/ruim-${i}.xml`) });
    const end = await jobEnd(page, js);
    expect(end, String(reason)).toMatch(/^Importação falhou/);
    expect(end).toMatch(reason);
  }

  // One good listing with three bad photos, one without a price: both reported, the good one imported.
  server.routes.set(`/${tag}/pagina.jpg`, { body: "<html><body>Entrar</body></html>", type: "text/html" });
  server.routes.set(`/${tag}/enorme.jpg`, { declared: 25_000_000, type: "image/jpeg" });
  const photos = ["pagina.jpg", "sumiu.jpg", "enorme.jpg"].map((f) => ({ url: server.url(`/${tag}/${f}`) }));
  server.routes.set(`/${tag}/feed.xml`, { body: vrsyncFeed([{ id: `${tag}-1`, price: 310_000, photos, street: `Rua Avisos ${tag}` }, { id: `${tag}-2`, price: null }]) });
  await importFeed(page, { url: server.url(`/${tag}/feed.xml`) });
  expect(await jobEnd(page, js)).toContain("Importação concluída: 2 de 2 imóveis lidos.");
  await expect(resultOf(page, `${tag}-1`)).toHaveText("com avisos");
  await expect(resultOf(page, `${tag}-2`)).toHaveText("ignorado");
  const reasonOf = (codigo: string) => page.getByRole("row").filter({ has: page.getByRole("cell", { name: codigo, exact: true }) }).getByRole("cell").nth(3);
  for (const s of ["foto 1: o endereço responde uma página HTML, não uma imagem", "foto 2: o servidor respondeu HTTP 404", "foto 3: maior que 20 MB"]) await expect(reasonOf(`${tag}-1`)).toContainText(s);
  await expect(reasonOf(`${tag}-2`)).toContainText("preço");
});
