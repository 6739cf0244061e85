// Issue 32 §1: a VRSync feed imported into listings — the mapping (the inverse of decision 0024 and of
// our own feed), photos through the upload's pipeline, a second import that finds the same listings.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb } from "~/db/client.server";
import { imageFileNames } from "~/services/image-files.server";
import { vrsyncFeed, type FeedListing } from "../support/feed-server";
import { resetDb } from "./db";
import { stored } from "./photo-support";
import { contentVersionNow, countImoveis, fotosOf, hasExif, listingByFeedCode, runImport, servePhotos, startFeedServer, type FeedServer } from "./import-support";

let server: FeedServer;
let feed: FeedListing[];
let photosA: string[];
beforeAll(async () => {
  await resetDb();
  server = await startFeedServer();
  photosA = await servePhotos(server, "a", 3);
  const photosB = await servePhotos(server, "b", 2);
  feed = [
    {
      id: "JET-1", title: "Casa linda no Centro", price: 450000, condo: 300, iptu: 1200.5, bedrooms: 3, suites: 1, features: ["Pool", "BBQ", "Alarm System"],
      photos: [{ url: photosA[0] }, { url: photosA[1], primary: true }, { url: photosA[2] }], video: "https://youtu.be/dQw4w9WgXcQ",
      description: "Casa ampla & arejada.\n\nCom <script>alert(1)</script> quintal.",
    },
    { id: "JET-2", transaction: "For Rent", type: "Residential / Apartment", price: 1800, yearlyTax: 800, condo: 450, photos: photosB.map((url) => ({ url })), neighborhood: "Jardim Marin" },
    { id: "JET-3", transaction: "For Rent", rentPeriod: "Daily", price: 350, type: "Residential / Farm Ranch" },
    { id: "JET-4", transaction: "Sale/Rent", price: 600000, rent: 2500, type: "Residential / Sobrado" },
    { id: "JET-5", type: "Commercial / Hotel" },
    { id: "JET-6", price: null },
    { id: "JET-7", street: null },
  ];
  server.routes.set("/feed.xml", { body: vrsyncFeed(feed) });
});
afterAll(async () => {
  await server.close();
  await closeDb();
});

describe("the first import", () => {
  let run: Awaited<ReturnType<typeof runImport>>;
  beforeAll(async () => {
    run = await runImport(server, "/feed.xml");
  });

  it("ends with a line per listing of the feed, in its order", () => {
    expect(run.erro).toBeNull();
    expect(run.items.map((i) => [i.codigo, i.resultado])).toEqual([
      ["JET-1", "criado"], ["JET-2", "criado"], ["JET-3", "criado"], ["JET-4", "criado"], ["JET-5", "ignorado"], ["JET-6", "ignorado"], ["JET-7", "ignorado"],
    ]);
    expect(run.byCode["JET-5"].motivo).toBe('tipo "Commercial / Hotel" sem correspondente aqui');
    expect(run.byCode["JET-6"].motivo).toBe("sem preço");
    expect(run.byCode["JET-7"].motivo).toBe("sem endereço (falta: rua)");
  });

  it("maps prices, condomínio, IPTU, counts, features, address; inactive and off the portals", async () => {
    const a = await listingByFeedCode("JET-1");
    expect(a).toMatchObject({ tipo: "Casa", status: "Venda", preco: "450000.00", condominio: "300.00", iptu: "1200.50", area: "120.00", quartos: 3, banheiros: 2, suite: 1, garagem: 2 });
    expect(a).toMatchObject({ piscina: 1, churrasqueira: 1, alarme: "Sim", sauna: 0, endereco: "Rua Amazonas", numero: "100", bairro: "Centro", cidade: "Votuporanga", estado: "SP", cep: "15500-000" });
    expect(a).toMatchObject({ ativo: "nao", publicar_portais: "nao", video: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" });
    // The provider's own title opens the description; markup sanitized as the editor's.
    expect(a.descricao).toBe("<p><strong>Casa linda no Centro</strong></p><p>Casa ampla &amp; arejada.</p><p>Com &lt;script&gt;alert(1)&lt;/script&gt; quintal.</p>");
    const b = await listingByFeedCode("JET-2");
    expect(b).toMatchObject({ tipo: "Apartamento", status: "Locação", preco: "1800.00", iptu: "800.00", condominio: "450.00", bairro: "Jardim Marin" });
  });

  it("a daily rent is Temporada; Sale/Rent is Venda with the rent in the report", async () => {
    expect(await listingByFeedCode("JET-3")).toMatchObject({ status: "Temporada", tipo: "Rural", preco: "350.00" });
    expect(await listingByFeedCode("JET-4")).toMatchObject({ status: "Venda", tipo: "Sobrado", preco: "600000.00" });
    expect(run.byCode["JET-4"].motivo).toContain("também para locação no feed: aluguel de R$ 2.500 por mês");
  });

  it("stores the photos through the upload's pipeline: feed order, the primary one as capa, EXIF/GPS stripped, every variant", async () => {
    const a = await listingByFeedCode("JET-1");
    const fotos = await fotosOf(a.id);
    expect(fotos.map((f) => f.origem)).toEqual(photosA);
    expect(a.capa).toBe(fotos[1].img);
    expect(fotos.every((f) => f.largura === 1000)).toBe(true);
    expect(await hasExif(Buffer.from(await (await fetch(photosA[0])).arrayBuffer()))).toBe(true); // precondition: the source has EXIF
    for (const f of fotos) {
      for (const name of imageFileNames(f.img)) await stored(name.replace(/\\/g, "/"));
      expect(await hasExif(await stored(`orig/${f.img}`))).toBe(false);
      expect(await hasExif(await stored(f.img))).toBe(false);
    }
  });
});

describe("a second import of the same feed", () => {
  it("changes nothing: 'sem mudança', no duplicate, no content write, no photo downloaded again", async () => {
    const [count, version, hits] = [await countImoveis(), await contentVersionNow(), server.hits.filter((h) => h.startsWith("/fotos/")).length];
    const run = await runImport(server, "/feed.xml");
    expect(run.items.filter((i) => i.resultado !== "ignorado").map((i) => i.resultado)).toEqual(["sem mudança", "sem mudança", "sem mudança", "sem mudança"]);
    expect(await countImoveis()).toBe(count);
    expect(await contentVersionNow()).toBe(version);
    expect(server.hits.filter((h) => h.startsWith("/fotos/")).length).toBe(hits);
  });

  it("with one price changed: that one 'atualizado', the rest 'sem mudança'", async () => {
    server.routes.set("/feed.xml", { body: vrsyncFeed(feed.map((l) => (l.id === "JET-2" ? { ...l, price: 1950 } : l))) });
    const count = await countImoveis();
    const run = await runImport(server, "/feed.xml");
    expect(run.byCode["JET-2"]).toMatchObject({ resultado: "atualizado", motivo: "mudou: preço" });
    expect(run.items.filter((i) => i.resultado === "sem mudança").map((i) => i.codigo)).toEqual(["JET-1", "JET-3", "JET-4"]);
    expect((await listingByFeedCode("JET-2")).preco).toBe("1950.00");
    expect(await countImoveis()).toBe(count);
  });

  it("photos that answer HTML, 404 or more than 20 MB are skipped: the listing 'com avisos', the others kept", async () => {
    server.routes.set("/fotos/pagina.jpg", { body: "<html><body>Entrar</body></html>", type: "text/html" });
    server.routes.set("/fotos/enorme.jpg", { declared: 25_000_000, type: "image/jpeg" });
    const bad = [server.url("/fotos/pagina.jpg"), server.url("/fotos/sumiu.jpg"), server.url("/fotos/enorme.jpg")];
    server.routes.set("/feed.xml", { body: vrsyncFeed([{ ...feed[0], photos: [...photosA.map((url) => ({ url })), ...bad.map((url) => ({ url }))] }]) });
    const run = await runImport(server, "/feed.xml");
    expect(run.byCode["JET-1"].resultado).toBe("com avisos");
    expect(run.byCode["JET-1"].motivo).toContain("foto 4: o endereço responde uma página HTML, não uma imagem");
    expect(run.byCode["JET-1"].motivo).toContain("foto 5: o servidor respondeu HTTP 404");
    expect(run.byCode["JET-1"].motivo).toContain("foto 6: maior que 20 MB");
    expect((await fotosOf((await listingByFeedCode("JET-1")).id)).map((f) => f.origem)).toEqual(photosA);
  });
});
