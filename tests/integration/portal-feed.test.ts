// Issue 23: the VRSync feed the portals read (/feeds/vrsync.xml). Well-formed, in VRSync's namespace,
// each rule the portals apply (photos ≥ 800 px wide included) checked on a small set of listings built to meet or break them; a
// listing leaves the feed on the next read after it is deactivated; a matching ETag gets a 304.
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb, getPool } from "~/db/client.server";
import { getEnv } from "~/env.server";
import { contentWrite } from "~/models/listings/content-version.server";
import { attachFotos, insertFotos } from "~/models/listings/foto.server";
import { insertImovel, setAtivo, setPublicarPortais, updateImovel } from "~/models/listings/imovel.server";
import { portalStates, vrsyncChunks, VRSYNC_NS } from "~/models/listings/portal-feed.server";
import { loader } from "~/routes/feeds.vrsync[.]xml";
import { TIPOS } from "~/utils/enums";
import { PROPERTY_TYPES } from "~/utils/portais";
import { resetDb } from "./db";
import { SYSTEM } from "~/models/history/history.server";

const LONG = "<p>Casa ampla &amp; arejada, com <strong>piscina</strong> e churrasqueira. Um texto com ]]&gt; no meio, para o CDATA.</p>";
const complete = { descricao: LONG, cep: "15500-000", area: "120.00", preco: "450000.00", endereco: "Rua Amazonas", numero: "100", bairro: "Jardim Marin" };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Node = any;
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", isArray: (name) => ["Listing", "Item", "Feature"].includes(name), parseTagValue: false });

async function read(headers: Record<string, string> = {}) {
  const res = await loader({ request: new Request("http://localhost/feeds/vrsync.xml", { headers }), params: {}, context: {} });
  return { res, text: res.status === 200 ? await res.text() : "" };
}
const listingsOf = (text: string): Node[] => parser.parse(text).ListingDataFeed.Listings?.Listing ?? [];
const codeOf = (id: number) => `VT${String(id).padStart(4, "0")}`;

let ids: Record<string, number>;
beforeAll(async () => {
  await resetDb();
  const make = async (values: Parameters<typeof insertImovel>[0], fotos: string[] = ["a1.jpg", "a2.jpg"]) => {
    const id = await insertImovel(values);
    if (fotos.length) await attachFotos(id, fotos.map((f) => `${id}-${f}`));
    return id;
  };
  ids = {
    venda: await make({ ...complete, status: "Venda", tipo: "Casa", quartos: 3, banheiros: 2, suite: 1, garagem: 2, piscina: 1, churrasqueira: 1, condominio: "300.00", iptu: "1200.50" }),
    locacao: await make({ ...complete, status: "Locação", tipo: "Apartamento", preco: "1800.00", condominio: "450.00", quartos: 2 }),
    terreno: await make({ ...complete, status: "Venda", tipo: "Terreno", quartos: 0, area: "360.00" }),
    semFoto: await make({ ...complete, status: "Venda" }, []),
    curta: await make({ ...complete, status: "Venda", descricao: "<p>Vinte caracteres!</p>" }),
    temporada: await make({ ...complete, status: "Temporada", tipo: "Rancho" }),
    inativo: await make({ ...complete, status: "Venda", ativo: "nao" }),
    naoPublicar: await make({ ...complete, status: "Venda" }),
    semCep: await make({ ...complete, status: "Locação", cep: "" }),
    // Its only photos are 400 px wide (a cropped photo is 400×300): the portals take ≥ 800 px.
    estreita: await make({ ...complete, status: "Venda" }, []),
  };
  await contentWrite((tx) => insertFotos(tx, ids.estreita, [{ img: `${ids.estreita}-a1.jpg`, largura: 400 }, { img: `${ids.estreita}-a2.jpg`, largura: 799 }]));
  await setPublicarPortais(SYSTEM, ids.naoPublicar, "nao");
  // The capa chosen is the second photo: it goes first.
  await updateImovel(SYSTEM, ids.venda, { capa: `${ids.venda}-a2.jpg`, video: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" });
});
afterAll(closeDb);

describe("/feeds/vrsync.xml", () => {
  it("is well-formed XML in VRSync's namespace, served as application/xml with an ETag", async () => {
    const { res, text } = await read();
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(res.headers.get("ETag")).toMatch(/^"[\w-]{27}"$/);
    expect(XMLValidator.validate(text)).toBe(true);
    const feed = parser.parse(text).ListingDataFeed;
    expect(feed["@xmlns"]).toBe(VRSYNC_NS);
    expect(feed.Header).toMatchObject({ Provider: expect.any(String), Email: expect.stringContaining("@"), ContactName: expect.any(String), Telephone: expect.any(String) });
    expect(new Date(feed.Header.PublishDate).toISOString()).toBe(feed.Header.PublishDate);
  });

  it("carries exactly the active Venda and Locação listings marked for the portals that meet every rule", async () => {
    const { text } = await read();
    expect(listingsOf(text).map((l) => l.ListingID)).toEqual([ids.venda, ids.locacao, ids.terreno].map(codeOf));
  });

  it("writes a sale as the portals' rules say", async () => {
    const base = getEnv().PUBLIC_URL.replace(/\/$/, "");
    const l = listingsOf((await read()).text)[0];
    expect(l.Title).toBe("Casa com 3 quartos à venda no Jardim Marin");
    expect(l.Title.length).toBeGreaterThanOrEqual(10);
    expect(l.TransactionType).toBe("For Sale");
    expect(l.DetailViewUrl).toBe(`${base}/imovel/${ids.venda}`);
    const items = l.Media.Item;
    // The photos, the cover first and the only primary, then the listing's one video.
    expect(items.map((i: Node) => i["#text"])).toEqual([`${base}/img/${ids.venda}-a2.jpg`, `${base}/img/${ids.venda}-a1.jpg`, "https://www.youtube.com/watch?v=dQw4w9WgXcQ"]);
    expect(items.map((i: Node) => [i["@medium"], i["@primary"]])).toEqual([["image", "true"], ["image", undefined], ["video", undefined]]);
    const d = l.Details;
    expect(d.UsageType).toBe("Residential");
    expect(d.PropertyType).toBe("Residential / Home");
    // Plain text, markup gone, entities and a literal ]]> intact.
    expect(d.Description).toBe("Casa ampla & arejada, com piscina e churrasqueira. Um texto com ]]> no meio, para o CDATA.");
    expect(d.ListPrice).toMatchObject({ "#text": "450000", "@currency": "BRL" });
    expect(d.PropertyAdministrationFee).toMatchObject({ "#text": "300", "@currency": "BRL" });
    expect(d.YearlyTax).toMatchObject({ "#text": "1201", "@currency": "BRL" });
    expect(d.LivingArea).toMatchObject({ "#text": "120", "@unit": "square metres" });
    expect([d.Bedrooms, d.Bathrooms, d.Suites]).toEqual(["3", "2", "1"]);
    expect(d.Garage).toMatchObject({ "#text": "2", "@type": "Parking Space" });
    expect(d.Features.Feature).toEqual(expect.arrayContaining(["Pool", "BBQ"]));
    expect(l.Location["@displayAddress"]).toBe("All");
    expect(l.Location.Country["@abbreviation"]).toBe("BR");
    expect(l.Location.State["@abbreviation"]).toBe("SP");
    expect(l.Location).toMatchObject({ City: "Votuporanga", Neighborhood: "Jardim Marin", Address: "Rua Amazonas", StreetNumber: "100", PostalCode: "15500000" });
    expect(l.ContactInfo).toMatchObject({ Name: expect.any(String), Email: expect.stringContaining("@"), Website: base });
  });

  it("a rental has a monthly price and its condomínio; a Terreno its lot area", async () => {
    const [, locacao, terreno] = listingsOf((await read()).text);
    expect(locacao.TransactionType).toBe("For Rent");
    expect(locacao.Details.RentalPrice).toMatchObject({ "#text": "1800", "@currency": "BRL", "@period": "Monthly" });
    expect(locacao.Details.ListPrice).toBeUndefined();
    expect(locacao.Details.PropertyAdministrationFee["#text"]).toBe("450");
    expect(locacao.Details.YearlyTax).toBeUndefined();
    expect(terreno.Details.PropertyType).toBe("Residential / Land Lot");
    expect(terreno.Details.LotArea).toMatchObject({ "#text": "360", "@unit": "square metres" });
    expect(terreno.Details.LivingArea).toBeUndefined();
    expect(terreno.Title).toBe("Terreno à venda no Jardim Marin");
  });

  it("the admin sees why each of the others is out", async () => {
    const states = await portalStates(Object.values(ids));
    const of = (k: string) => states.get(ids[k])?.state;
    expect(of("semFoto")).toEqual({ kind: "missing", missing: ["foto"] });
    expect(of("curta")).toEqual({ kind: "missing", missing: ["descrição ≥ 50 caracteres"] });
    expect(of("semCep")).toEqual({ kind: "missing", missing: ["CEP"] });
    expect(of("estreita")).toEqual({ kind: "missing", missing: ["foto ≥ 800 px"] });
    expect(of("temporada")).toEqual({ kind: "off", why: "Temporada não vai aos portais" });
    expect(of("inativo")).toEqual({ kind: "off", why: "inativo" });
    expect(of("naoPublicar")).toEqual({ kind: "off", why: "não publicar" });
    expect(of("venda")).toEqual({ kind: "feed" });
  });

  it("the same content gives the same bytes, so every process and replica gives one ETag", async () => {
    const site = { publicUrl: "https://imob.example", name: "Imobiliária", email: "a@imob.example", phone: "(17) 3421-0000" };
    const whole = async () => {
      let text = "";
      for await (const chunk of vrsyncChunks(site, getDb())) text += chunk;
      return text;
    };
    // The later second of this process's clock and the database's, whichever is behind.
    const clockSecond = async () => {
      const [[{ db }]] = (await getPool().query("SELECT UNIX_TIMESTAMP(NOW(3)) AS db")) as unknown as [[{ db: string }]];
      return Math.floor(Math.min(Number(db), Date.now() / 1000));
    };
    const first = await whole();
    const firstRead = await clockSecond();
    // A later clock must not change it: both clocks are past the second the first read ended in.
    await expect.poll(clockSecond, { timeout: 10_000, interval: 50 }).toBeGreaterThan(firstRead);
    expect(await whole()).toBe(first);
    const [[{ at }]] = (await getPool().query("SELECT changed_at AS at FROM content_version WHERE id = 1")) as unknown as [[{ at: Date }]];
    expect(parser.parse(first).ListingDataFeed.Header.PublishDate).toBe(at.toISOString());
  });

  it("answers 304 to its ETag, and a deactivated listing leaves on the next read", async () => {
    const first = await read();
    const etag = first.res.headers.get("ETag")!;
    expect((await read({ "If-None-Match": etag })).res.status).toBe(304);
    await setAtivo(SYSTEM, ids.locacao, "nao");
    const next = await read({ "If-None-Match": etag });
    expect(next.res.status).toBe(200);
    expect(next.res.headers.get("ETag")).not.toBe(etag);
    expect(listingsOf(next.text).map((l) => l.ListingID)).toEqual([ids.venda, ids.terreno].map(codeOf));
    await setAtivo(SYSTEM, ids.locacao, "sim");
  });
});

describe("the tipo → PropertyType mapping (decision 0024)", () => {
  it("names every tipo with one of VRSync's types", () => {
    for (const t of TIPOS) expect(PROPERTY_TYPES[t], t).toMatch(/^(Residential|Commercial) \/ [A-Z][A-Za-z ]+$/);
  });
});
