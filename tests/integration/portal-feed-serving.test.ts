// Issue 23: the VRSync feed the portals read (/feeds/vrsync.xml): which listings go, what the admin
// sees of the others, how our data is written (decision 0024), and how it is served: well-formed,
// one set of bytes per content version, a 304 to a matching ETag, a listing deactivated leaving on
// the next read. The portals' published rules, one by one: portal-feed.test.ts.
import { XMLValidator } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb, getPool } from "~/db/client.server";
import { getEnv } from "~/env.server";
import { setAtivo } from "~/models/listings/imovel.server";
import { portalStates, vrsyncChunks } from "~/models/listings/portal-feed.server";
import { SYSTEM } from "~/models/history/history.server";
import { TIPOS } from "~/utils/enums";
import { PROPERTY_TYPES } from "~/utils/portais";
import { VRSYNC_PROPERTY_TYPES, buildListings, codeOf, listingsOf, parser, read, type Node } from "./portal-feed-support";

let ids: Awaited<ReturnType<typeof buildListings>>;
beforeAll(async () => {
  ids = await buildListings();
});
afterAll(closeDb);

const inFeed = () => [ids.venda, ids.locacao, ids.terreno, ids.industrial, ids.longa].map(codeOf);

describe("/feeds/vrsync.xml", () => {
  it("is well-formed XML, served as application/xml with an ETag", async () => {
    const { res, text } = await read();
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(res.headers.get("ETag")).toMatch(/^"[\w-]{27}"$/);
    expect(XMLValidator.validate(text)).toBe(true);
  });

  it("carries exactly the active Venda and Locação listings marked for the portals that meet every rule", async () => {
    expect(listingsOf((await read()).text).map((l) => l.ListingID)).toEqual(inFeed());
  });

  it("writes a sale as decision 0024 maps it", async () => {
    const base = getEnv().PUBLIC_URL.replace(/\/$/, "");
    const l = listingsOf((await read()).text)[0];
    expect(l.Title).toBe("Casa com 3 quartos à venda no Jardim Marin");
    expect(l.TransactionType).toBe("For Sale");
    expect(l.DetailViewUrl).toBe(`${base}/imovel/${ids.venda}`);
    const items = l.Media.Item;
    // The photos, the cover first and the only primary, then the listing's one video.
    const photos = ["a2", "a1", "a3", "a4", "a5"].map((f) => `${base}/img/${ids.venda}-${f}.jpg`);
    expect(items.map((i: Node) => i["#text"])).toEqual([...photos, "https://www.youtube.com/watch?v=dQw4w9WgXcQ"]);
    expect(items.map((i: Node) => [i["@medium"], i["@primary"]])).toEqual([["image", "true"], ...Array(4).fill(["image", undefined]), ["video", undefined]]);
    const d = l.Details;
    expect([d.UsageType, d.PropertyType]).toEqual(["Residential", "Residential / Home"]);
    // Plain text, markup gone, entities and a literal ]]> intact.
    expect(d.Description).toBe("Casa ampla & arejada, com piscina e churrasqueira. Um texto com ]]> no meio, para o CDATA.");
    expect(d.ListPrice).toMatchObject({ "#text": "450000", "@currency": "BRL" });
    expect(d.PropertyAdministrationFee).toMatchObject({ "#text": "300", "@currency": "BRL" });
    expect(d.Iptu).toMatchObject({ "#text": "1201", "@currency": "BRL", "@period": "Yearly" });
    expect(d.LivingArea).toMatchObject({ "#text": "120", "@unit": "square metres" });
    expect([d.Bedrooms, d.Bathrooms, d.Suites]).toEqual(["3", "2", "1"]);
    expect(d.Garage).toMatchObject({ "#text": "2", "@type": "Parking Space" });
    expect(d.Features.Feature).toEqual(["Pool", "BBQ"]);
    expect(l.Location.State).toMatchObject({ "#text": "São Paulo", "@abbreviation": "SP" });
    expect(l.Location).toMatchObject({ City: "Votuporanga", Neighborhood: "Jardim Marin", Address: "Rua Amazonas", StreetNumber: "100", PostalCode: "15500000" });
    expect(l.ContactInfo).toMatchObject({ Name: getEnv().AGENCY_NAME, Email: getEnv().AGENCY_EMAIL, Website: base });
  });

  it("a rental has a monthly price, its condomínio and every feature; land and industry their lot area", async () => {
    const [, locacao, terreno, industrial, longa] = listingsOf((await read()).text);
    expect(locacao.TransactionType).toBe("For Rent");
    expect(locacao.Details.RentalPrice).toMatchObject({ "#text": "1800", "@currency": "BRL", "@period": "Monthly" });
    expect([locacao.Details.ListPrice, locacao.Details.Iptu]).toEqual([undefined, undefined]);
    expect(locacao.Details.PropertyAdministrationFee["#text"]).toBe("450");
    // 13 counts name 12 features (lavanderia and área de serviço are both Laundry), and the alarm.
    expect(locacao.Details.Features.Feature).toHaveLength(13);
    expect(terreno.Details.PropertyType).toBe("Residential / Land Lot");
    expect([terreno.Details.LotArea?.["#text"], terreno.Details.LivingArea]).toEqual(["360", undefined]);
    expect(terreno.Title).toBe("Terreno à venda no Jardim Marin");
    expect([industrial.Details.PropertyType, industrial.Details.LotArea?.["#text"]]).toEqual(["Commercial / Industrial", "900"]);
    expect(industrial.Media.Item).toHaveLength(5);
    // Cut at 3,000 characters with an ellipsis; a title cut at a word.
    expect([longa.Details.Description.length, longa.Details.Description.at(-1)]).toEqual([3000, "…"]);
    expect(longa.Title).toMatch(/^Sobrado à venda no Residencial( Residencial)*…$/);
  });

  it("the admin sees why each of the others is out", async () => {
    const states = await portalStates(Object.values(ids));
    const of = (k: keyof typeof ids) => states.get(ids[k])?.state;
    expect(of("semFoto")).toEqual({ kind: "missing", missing: ["menos de 5 fotos"] });
    expect(of("quatroFotos")).toEqual({ kind: "missing", missing: ["menos de 5 fotos"] });
    expect(of("estreita")).toEqual({ kind: "missing", missing: ["menos de 5 fotos ≥ 800 px"] });
    expect(of("curta")).toEqual({ kind: "missing", missing: ["descrição ≥ 50 caracteres"] });
    expect(of("semCep")).toEqual({ kind: "missing", missing: ["CEP"] });
    expect(of("semEstado")).toEqual({ kind: "missing", missing: ["estado"] });
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
    expect(parser.parse(first).ListingDataFeed.Header.PublishDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
  });

  it("answers 304 to its ETag, and a deactivated listing leaves on the next read", async () => {
    const first = await read();
    const etag = first.res.headers.get("ETag")!;
    expect((await read({ "If-None-Match": etag })).res.status).toBe(304);
    await setAtivo(SYSTEM, ids.locacao, "nao");
    const next = await read({ "If-None-Match": etag });
    expect(next.res.status).toBe(200);
    expect(next.res.headers.get("ETag")).not.toBe(etag);
    expect(listingsOf(next.text).map((l) => l.ListingID)).toEqual(inFeed().filter((c) => c !== codeOf(ids.locacao)));
    await setAtivo(SYSTEM, ids.locacao, "sim");
  });
});

describe("the tipo → PropertyType mapping (decision 0024)", () => {
  it("names every tipo with one of VRSync's types", () => {
    expect(TIPOS.filter((t) => !VRSYNC_PROPERTY_TYPES.includes(PROPERTY_TYPES[t]))).toEqual([]);
  });
});
