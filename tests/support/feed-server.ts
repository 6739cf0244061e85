// A feed provider for the import's tests (issue 32): an HTTP server on a loopback address that
// serves what each test puts at a path (a feed, photos, an HTML page, errors, a redirect, a reply
// that never comes), and VRSync text written as other providers write it. Used by the vitest files
// and by the Playwright spec (which serves it from 127.0.0.2, the one address the e2e server is
// allowed to reach: IMPORT_ALLOW_ADDRESSES).
import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";

export type Route =
  | { status?: number; type?: string; body: string | Buffer }
  | { redirect: string }
  /** headers only, then silence (a timeout) */
  | { hang: true }
  /** declares this length and sends nothing more (a file too big, refused by its header) */
  | { declared: number; type?: string }
  /** an image's first bytes, then one more every `drip` ms, never the end (a server that holds us) */
  | { drip: number }
  /** `body`, answered after `delay` ms (a slow photo: how many are asked at once) */
  | { delay: number; type: string; body: Buffer };

export async function startFeedServer(host = "127.0.0.2") {
  const routes = new Map<string, Route>();
  const hits: string[] = [];
  // Requests open at once, now and at most (the import's photos are bounded in concurrency).
  const open = { now: 0, max: 0 };
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? "");
    open.max = Math.max(open.max, ++open.now);
    res.on("close", () => open.now--);
    const r = routes.get(req.url ?? "");
    if (!r) return void res.writeHead(404, { "content-type": "text/html" }).end("<h1>Not found</h1>");
    if ("redirect" in r) return void res.writeHead(302, { location: r.redirect }).end();
    if ("hang" in r) return; // never answers
    if ("declared" in r) {
      res.writeHead(200, { "content-type": r.type ?? "application/xml", "content-length": String(r.declared) });
      res.write("<");
      return;
    }
    if ("drip" in r) {
      res.writeHead(200, { "content-type": "image/jpeg" }).write(Buffer.from([0xff, 0xd8, 0xff]));
      const t = setInterval(() => res.write(Buffer.from([0])), r.drip);
      return void res.on("close", () => clearInterval(t));
    }
    if ("delay" in r) return void setTimeout(() => res.writeHead(200, { "content-type": r.type }).end(r.body), r.delay);
    res.writeHead(r.status ?? 200, { "content-type": r.type ?? "application/xml" }).end(r.body);
  });
  await new Promise<void>((ok) => server.listen(0, host, ok));
  const { port } = server.address() as AddressInfo;
  const base = `http://${host}:${port}`;
  return {
    base,
    routes,
    hits,
    open,
    url: (path: string) => `${base}${path}`,
    close: () => new Promise<void>((ok) => { server.closeAllConnections(); server.close(() => ok()); }),
  };
}

/** A JPEG with GPS coordinates in its EXIF (the import must strip them, as an upload's). */
export async function gpsJpeg(w: number, h: number, color: string) {
  return sharp({ create: { width: w, height: h, channels: 3, background: color } })
    .jpeg()
    .withExif({ IFD0: { Copyright: "provedor" }, IFD3: { GPSLatitudeRef: "S", GPSLatitude: "20/1 25/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "49/1 58/1 0/1" } })
    .toBuffer();
}

export type FeedListing = {
  id: string;
  title?: string;
  transaction?: string;
  type?: string;
  price?: number | null;
  rent?: number;
  rentPeriod?: string;
  condo?: number;
  iptu?: number;
  yearlyTax?: number;
  area?: number;
  bedrooms?: number;
  bathrooms?: number;
  suites?: number;
  garage?: number;
  features?: string[];
  description?: string;
  street?: string | null;
  number?: string;
  neighborhood?: string;
  city?: string;
  state?: string;
  cep?: string;
  photos?: { url: string; primary?: boolean }[];
  video?: string;
};

const x = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A VRSync feed as another provider writes it (Title of its own, YearlyTax for some, CDATA). */
export function vrsyncFeed(listings: FeedListing[]) {
  const one = (l: FeedListing) => {
    const sale = (l.transaction ?? "For Sale") !== "For Rent";
    const media = [
      ...(l.photos ?? []).map((p) => `<Item medium="image"${p.primary ? ' primary="true"' : ""}>${x(p.url)}</Item>`),
      l.video ? `<Item medium="video">${x(l.video)}</Item>` : "",
    ].join("");
    return `<Listing>
  <ListingID>${x(l.id)}</ListingID>
  <Title><![CDATA[${l.title ?? `Imóvel ${l.id}`}]]></Title>
  <TransactionType>${l.transaction ?? "For Sale"}</TransactionType>
  <Media>${media}</Media>
  <Details>
    <UsageType>Residential</UsageType>
    <PropertyType>${l.type ?? "Residential / Home"}</PropertyType>
    <Description><![CDATA[${l.description ?? "Casa ampla, com quintal e garagem coberta, perto do centro e de escolas."}]]></Description>
    ${l.price === null ? "" : sale ? `<ListPrice currency="BRL">${l.price ?? 350000}</ListPrice>` : ""}
    ${l.rent != null || !sale ? `<RentalPrice currency="BRL" period="${l.rentPeriod ?? "Monthly"}">${l.rent ?? l.price ?? 1500}</RentalPrice>` : ""}
    ${l.condo != null ? `<PropertyAdministrationFee currency="BRL">${l.condo}</PropertyAdministrationFee>` : ""}
    ${l.iptu != null ? `<Iptu currency="BRL" period="Yearly">${l.iptu}</Iptu>` : ""}
    ${l.yearlyTax != null ? `<YearlyTax currency="BRL">${l.yearlyTax}</YearlyTax>` : ""}
    <LivingArea unit="square metres">${l.area ?? 120}</LivingArea>
    <Bedrooms>${l.bedrooms ?? 3}</Bedrooms>
    <Bathrooms>${l.bathrooms ?? 2}</Bathrooms>
    <Suites>${l.suites ?? 1}</Suites>
    <Garage type="Parking Space">${l.garage ?? 2}</Garage>
    ${l.features?.length ? `<Features>${l.features.map((f) => `<Feature>${f}</Feature>`).join("")}</Features>` : ""}
  </Details>
  <Location displayAddress="Street">
    <Country abbreviation="BR">Brasil</Country>
    <State abbreviation="${l.state ?? "SP"}">São Paulo</State>
    <City>${x(l.city ?? "Votuporanga")}</City>
    <Neighborhood>${x(l.neighborhood ?? "Centro")}</Neighborhood>
    ${l.street === null ? "" : `<Address>${x(l.street ?? "Rua Amazonas")}</Address>`}
    <StreetNumber>${l.number ?? "100"}</StreetNumber>
    <PostalCode>${l.cep ?? "15500000"}</PostalCode>
  </Location>
</Listing>`;
  };
  return `<?xml version="1.0" encoding="UTF-8"?>
<ListingDataFeed xmlns="http://www.vivareal.com/schemas/1.0/VRSync" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<Header><Provider>Outro Sistema</Provider><Email>x@exemplo.com</Email><ContactName>X</ContactName><PublishDate>2026-11-01T10:00:00</PublishDate></Header>
<Listings>
${listings.map(one).join("\n")}
</Listings>
</ListingDataFeed>
`;
}
