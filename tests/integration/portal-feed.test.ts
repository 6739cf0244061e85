// Issue 30: the VRSync feed (/feeds/vrsync.xml) as the portals read it. Each test is one rule the
// Grupo OLX (ZAP Imóveis, VivaReal, OLX) publishes for the feed, with the page that says it
// (decision 0029), checked on every listing of the feed; the listings (portal-feed-support.ts)
// carry the edges a rule could trip on. What goes and how it is served: portal-feed-serving.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getPool } from "~/db/client.server";
import { UF_NAMES } from "~/utils/uf";
import { VRSYNC_NS } from "~/models/listings/portal-xml.server";
import { VRSYNC_FEATURES, VRSYNC_PROPERTY_TYPES, buildListings, codeOf, listingsOf, parser, read, textOf, type Node } from "./portal-feed-support";

const DOCS = "https://developers.grupozap.com/feeds";
const HEADER = `${DOCS}/vrsync/elements/header.html`;
const LISTING = `${DOCS}/vrsync/elements/listing.html`;
const DETAILS = `${DOCS}/vrsync/elements/details.html`;

let text: string;
let feed: Node;
let listings: Node[];
let ids: Awaited<ReturnType<typeof buildListings>>;
beforeAll(async () => {
  ids = await buildListings();
  text = (await read()).text;
  feed = parser.parse(text).ListingDataFeed;
  listings = listingsOf(text);
});
afterAll(closeDb);

/** The ListingIDs of the listings for which `broken` holds: a rule expects none. */
const breaking = (broken: (l: Node) => boolean) => listings.filter(broken).map((l) => l.ListingID);
const images = (l: Node): Node[] => l.Media.Item.filter((i: Node) => i["@medium"] === "image");
const int = (n: Node) => /^\d+$/.test(textOf(n) ?? "");

describe("the file", () => {
  it(`declares its encoding, UTF-8 or ISO8859-1, on its first line (${DOCS}/encoding.html)`, () => {
    expect(text.split("\n")[0]).toBe('<?xml version="1.0" encoding="UTF-8"?>');
  });
  it(`is a ListingDataFeed in VRSync's namespace (${HEADER})`, () => {
    expect(feed["@xmlns"]).toBe(VRSYNC_NS);
  });
  it(`has a Header with Provider, Email, ContactName, PublishDate and Telephone (${HEADER})`, () => {
    expect(["Provider", "Email", "ContactName", "PublishDate", "Telephone"].filter((k) => !feed.Header[k]?.trim())).toEqual([]);
  });
  it(`writes PublishDate as YYYY-MM-DDTHH:MM:SS, no fraction, no zone (${HEADER})`, () => {
    expect(feed.Header.PublishDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
  });
  it("dates it in São Paulo's time (the agency's; Brazil keeps UTC−3 all year since 2019)", async () => {
    const [[{ at }]] = (await getPool().query("SELECT changed_at AS at FROM content_version WHERE id = 1")) as unknown as [[{ at: Date }]];
    expect(feed.Header.PublishDate).toBe(new Date(at.getTime() - 3 * 3600_000).toISOString().slice(0, 19));
  });
});

describe("each Listing", () => {
  it("(guard: the rules below are checked on the five listings built to pass)", () => {
    expect(listings).toHaveLength(5);
  });
  it(`has a ListingID of 1 to 50 characters (${LISTING})`, () => {
    expect(breaking((l) => !(l.ListingID?.length >= 1 && l.ListingID.length <= 50))).toEqual([]);
  });
  it(`has a ListingID no other listing has (${LISTING})`, () => {
    expect(new Set(listings.map((l) => l.ListingID)).size).toBe(listings.length);
  });
  it(`has a Title of 10 to 100 characters (${LISTING})`, () => {
    expect(breaking((l) => !(l.Title?.length >= 10 && l.Title.length <= 100))).toEqual([]);
  });
  it(`has a Title without HTML tags (${LISTING})`, () => {
    expect(breaking((l) => /<\/?[a-z]/i.test(l.Title))).toEqual([]);
  });
  it(`has a TransactionType of For Sale, For Rent or Sale/Rent (${LISTING})`, () => {
    expect(breaking((l) => !["For Sale", "For Rent", "Sale/Rent"].includes(l.TransactionType))).toEqual([]);
  });
  it(`has at least 5 images in its Media (${LISTING})`, () => {
    expect(breaking((l) => images(l).length < 5)).toEqual([]);
  });
  it(`sends only JPEG images (${LISTING})`, () => {
    expect(breaking((l) => images(l).some((i) => !/\.jpe?g$/i.test(i["#text"])))).toEqual([]);
  });
  it(`sends each image as an absolute http(s) URL the portal fetches (${LISTING})`, () => {
    expect(breaking((l) => images(l).some((i) => !/^https?:\/\/[^/]+\//.test(i["#text"])))).toEqual([]);
  });
  it(`marks at most one image primary (${LISTING})`, () => {
    expect(breaking((l) => images(l).filter((i) => i["@primary"] === "true").length > 1)).toEqual([]);
  });
  it(`gives every Media Item a medium of image or video (${LISTING})`, () => {
    expect(breaking((l) => l.Media.Item.some((i: Node) => !["image", "video"].includes(i["@medium"])))).toEqual([]);
  });
  it(`sends at most one video, a YouTube link (${LISTING})`, () => {
    const videos = (l: Node) => l.Media.Item.filter((i: Node) => i["@medium"] === "video");
    expect(breaking((l) => videos(l).length > 1 || videos(l).some((v: Node) => !/^https:\/\/(www\.)?(youtube\.com|youtu\.be)\//.test(v["#text"])))).toEqual([]);
  });
  it(`has a Location whose displayAddress is All, Street or Neighborhood (${LISTING})`, () => {
    expect(breaking((l) => !["All", "Street", "Neighborhood"].includes(l.Location?.["@displayAddress"]))).toEqual([]);
  });
  it("shows the house number (displayAddress All) only where the owner allows it ('Mostrar o número no mapa'), else the street", () => {
    const shown = listings.filter((l) => l.Location["@displayAddress"] === "All").map((l) => l.ListingID);
    expect(shown).toEqual([codeOf(ids.venda)]);
    expect(breaking((l) => l.ListingID !== codeOf(ids.venda) && l.Location["@displayAddress"] !== "Street")).toEqual([]);
  });
  it(`has a Location with Country, State, City, Neighborhood and PostalCode (${LISTING})`, () => {
    const lacking = (l: Node) => ["Country", "State", "City", "Neighborhood", "PostalCode"].some((k) => !textOf(l.Location[k])?.trim());
    expect(breaking(lacking)).toEqual([]);
  });
  it(`names the country by the abbreviation BR (${LISTING})`, () => {
    expect(breaking((l) => l.Location.Country["@abbreviation"] !== "BR")).toEqual([]);
  });
  it(`names the state by its abbreviation, a Brazilian UF (${LISTING})`, () => {
    expect(breaking((l) => !UF_NAMES[l.Location.State["@abbreviation"]])).toEqual([]);
  });
  it(`sends the PostalCode (CEP) of every listing, its 8 digits (${LISTING})`, () => {
    expect(breaking((l) => !/^\d{8}$/.test(l.Location.PostalCode))).toEqual([]);
  });
  it(`has a ContactInfo with Name and Email (${LISTING})`, () => {
    expect(breaking((l) => !l.ContactInfo?.Name?.trim() || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(l.ContactInfo?.Email ?? ""))).toEqual([]);
  });
});

describe("each listing's Details", () => {
  const details = (broken: (d: Node, l: Node) => boolean) => breaking((l) => broken(l.Details, l));
  it(`has a Description of 50 to 3,000 characters (${DETAILS})`, () => {
    expect(details((d) => !(d.Description?.length >= 50 && d.Description.length <= 3000))).toEqual([]);
  });
  it(`has a PropertyType from VRSync's list (${DETAILS})`, () => {
    expect(details((d) => !VRSYNC_PROPERTY_TYPES.includes(d.PropertyType))).toEqual([]);
  });
  it(`has a UsageType of Residential, Commercial or Residential / Commercial (${DETAILS})`, () => {
    expect(details((d) => !["Residential", "Commercial", "Residential / Commercial"].includes(d.UsageType))).toEqual([]);
  });
  it(`has a ListPrice when For Sale, a RentalPrice when For Rent (${DETAILS})`, () => {
    expect(details((d, l) => (l.TransactionType === "For Sale" ? !d.ListPrice || !!d.RentalPrice : !d.RentalPrice || !!d.ListPrice))).toEqual([]);
  });
  it(`writes every amount as a whole number in currency BRL (${DETAILS})`, () => {
    const amounts = (d: Node) => ["ListPrice", "RentalPrice", "PropertyAdministrationFee", "Iptu"].map((k) => d[k]).filter(Boolean);
    expect(details((d) => amounts(d).some((a) => a["@currency"] !== "BRL" || !int(a)))).toEqual([]);
  });
  it(`gives a RentalPrice its period, Monthly here (${DETAILS})`, () => {
    expect(details((d) => d.RentalPrice && d.RentalPrice["@period"] !== "Monthly")).toEqual([]);
  });
  it(`sends the IPTU as Iptu, not YearlyTax, which is going out of use (${DETAILS})`, () => {
    expect(details((d) => d.YearlyTax !== undefined)).toEqual([]);
  });
  it(`gives the Iptu its period, Yearly or Monthly (${DETAILS})`, () => {
    expect(details((d) => d.Iptu && !["Yearly", "Monthly"].includes(d.Iptu["@period"]))).toEqual([]);
  });
  it(`has an area, LivingArea or LotArea, whole square metres (${DETAILS})`, () => {
    const areas = (d: Node) => [d.LivingArea, d.LotArea].filter(Boolean);
    expect(details((d) => !areas(d).length || areas(d).some((a) => a["@unit"] !== "square metres" || !int(a)))).toEqual([]);
  });
  it(`measures land, farms and industrial buildings by their LotArea (${DETAILS})`, () => {
    expect(details((d) => /\/ (Land Lot|Farm Ranch|Industrial)$/.test(d.PropertyType) !== (d.LotArea !== undefined))).toEqual([]);
  });
  it(`says the Bedrooms and Bathrooms of a home, as whole numbers (${DETAILS})`, () => {
    expect(details((d) => d.UsageType === "Residential" && !d.PropertyType.endsWith("Land Lot") && !(int(d.Bedrooms) && int(d.Bathrooms)))).toEqual([]);
  });
  it(`names its Features from VRSync's closed list, each once (${DETAILS})`, () => {
    const names = (d: Node): string[] => d.Features?.Feature ?? [];
    expect(details((d) => names(d).some((f) => !VRSYNC_FEATURES.has(f)) || new Set(names(d)).size !== names(d).length)).toEqual([]);
  });
});
