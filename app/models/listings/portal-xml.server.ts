// The VRSync text of the portals' feed (issue 23): its header and one <Listing> per listing that
// goes. Pure: app/models/listings/portal-feed.server.ts reads the rows. What each element must be is
// the portals' published rules (decision 0029), each checked by tests/integration/portal-feed.test.ts.
import type { CountField, Status, Tipo } from "../../utils/enums";
import { imgUrl } from "../../utils/img";
import { DESCRICAO_MAX, FEATURES, PHOTO_MIN_WIDTH, PROPERTY_TYPES, portalTitle, usesLotArea } from "../../utils/portais";
import { UF_NAMES } from "../../utils/uf";
import { youtubeId, youtubeWatchUrl } from "../../utils/video";

export const VRSYNC_NS = "http://www.vivareal.com/schemas/1.0/VRSync";

export type FeedSite = { publicUrl: string; name: string; email: string; phone: string };

export type FeedRow = {
  id: number;
  codigo: string | null;
  tipo: Tipo;
  status: Status;
  ativo: "sim" | "nao";
  publicar_portais: "sim" | "nao";
  mostrar_numero: "sim" | "nao";
  preco: string;
  area: string;
  condominio: string | null;
  iptu: string | null;
  descricao: string;
  capa: string | null;
  video: string | null;
  endereco: string;
  numero: string;
  bairro: string;
  cidade: string;
  estado: string;
  cep: string;
  alarme: string;
} & Record<CountField, number>;

export type FeedFoto = { img: string; largura: number | null };

// Characters XML 1.0 does not allow, whatever the escaping (a pasted description can hold them).
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Text as XML character data. */
export function xmlText(s: string) {
  return s.replace(NOT_XML, "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

/** Text in a CDATA section, safe against a `]]>` inside it. */
export function cdata(s: string) {
  return `<![CDATA[${s.replace(NOT_XML, "").replace(/]]>/g, "]]]]><![CDATA[>")}]]>`;
}

/**
 * A listing's photos for the portals: only those they take, JPEG (every photo stored since the
 * rewrite is; an old row could name another file) and ≥ PHOTO_MIN_WIDTH wide (a photo whose width
 * was not recorded, stored before the rule, is trusted); the cover first (the chosen capa when it
 * is one of them, else the first), then the rest in order. A capa that names no photo of the
 * listing (an old row) is not sent: its width is unknown and it may be any image.
 */
export function portalPhotos(capa: string | null, fotos: readonly FeedFoto[]) {
  const wide = fotos.filter((f) => /\.jpe?g$/i.test(f.img) && (f.largura == null || f.largura >= PHOTO_MIN_WIDTH)).map((f) => f.img);
  const cover = capa && wide.includes(capa) ? capa : wide[0];
  return cover ? [cover, ...wide.filter((f) => f !== cover)] : [];
}

// São Paulo's wall clock as the portals' header wants it: YYYY-MM-DDTHH:MM:SS, no fraction, no zone.
let spClock: Intl.DateTimeFormat | undefined;
export function publishDate(at: Date) {
  spClock ??= new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" });
  const p = Object.fromEntries(spClock.formatToParts(at).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`;
}

const whole = (v: string | number) => String(Math.round(Number(v)));
const tag = (name: string, value: string | number, attrs = "") => `<${name}${attrs}>${typeof value === "number" ? value : xmlText(value)}</${name}>`;

/** The feed's opening: the root element and the header (who writes it, and when it last changed). */
export function feedHead(site: FeedSite, changedAt: Date) {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<ListingDataFeed xmlns="${VRSYNC_NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="${VRSYNC_NS} http://xml.vivareal.com/vrsync.xsd">\n` +
    `<Header>${tag("Provider", site.name)}${tag("Email", site.email)}${tag("ContactName", site.name)}${tag("Telephone", site.phone)}${tag("PublishDate", publishDate(changedAt))}</Header>\n<Listings>\n`
  );
}

/** One <Listing>, for a listing the rules let through. */
export function listingXml(l: FeedRow, fotos: readonly FeedFoto[], descricao: string, site: FeedSite) {
  const base = site.publicUrl.replace(/\/$/, "");
  const [usage] = PROPERTY_TYPES[l.tipo].split(" / ");
  const venda = l.status === "Venda";
  const text = descricao.length > DESCRICAO_MAX ? `${descricao.slice(0, DESCRICAO_MAX - 1)}…` : descricao;
  const media = portalPhotos(l.capa, fotos)
    .map((img, i) => `<Item medium="image" caption="${xmlText(`${l.tipo} – foto ${i + 1}`)}"${i === 0 ? ' primary="true"' : ""}>${xmlText(`${base}${imgUrl(img)}`)}</Item>`)
    .join("");
  // The listing's one video, after the photos (the portals show it in the gallery).
  const videoId = l.video ? youtubeId(l.video) : null;
  const video = videoId ? `<Item medium="video">${xmlText(youtubeWatchUrl(videoId))}</Item>` : "";
  // Two counts may name one feature (lavanderia and área de serviço are both Laundry): sent once.
  const names = new Set(Object.entries(FEATURES).filter(([count]) => Number(l[count as CountField]) > 0).map(([, name]) => name!));
  if (l.alarme === "Sim") names.add("Alarm System");
  const features = [...names].map((name) => tag("Feature", name));
  const area = usesLotArea(l.tipo) ? "LotArea" : "LivingArea";
  return [
    "<Listing>",
    tag("ListingID", l.codigo ?? `VT${String(l.id).padStart(4, "0")}`),
    tag("Title", portalTitle(l)),
    tag("TransactionType", venda ? "For Sale" : "For Rent"),
    tag("DetailViewUrl", `${base}/imovel/${l.id}`),
    `<Media>${media}${video}</Media>`,
    "<Details>",
    tag("UsageType", usage),
    tag("PropertyType", PROPERTY_TYPES[l.tipo]),
    `<Description>${cdata(text)}</Description>`,
    venda ? tag("ListPrice", whole(l.preco), ' currency="BRL"') : tag("RentalPrice", whole(l.preco), ' currency="BRL" period="Monthly"'),
    l.condominio != null && Number(l.condominio) > 0 ? tag("PropertyAdministrationFee", whole(l.condominio), ' currency="BRL"') : "",
    // Iptu, not YearlyTax: the Details page says YearlyTax is going out of use. Ours is a year's.
    l.iptu != null && Number(l.iptu) > 0 ? tag("Iptu", whole(l.iptu), ' currency="BRL" period="Yearly"') : "",
    tag(area, whole(l.area), ' unit="square metres"'),
    tag("Bedrooms", l.quartos),
    tag("Bathrooms", l.banheiros),
    tag("Suites", l.suite),
    tag("Garage", l.garagem, ' type="Parking Space"'),
    features.length ? `<Features>${features.join("")}</Features>` : "",
    "</Details>",
        // The portal shows the number only when the owner allows it (the same choice as the site's map).
    `<Location displayAddress="${l.mostrar_numero === "sim" ? "All" : "Street"}">`,
    tag("Country", "Brasil", ' abbreviation="BR"'),
    tag("State", UF_NAMES[l.estado] ?? l.estado, ` abbreviation="${xmlText(l.estado)}"`),
    tag("City", l.cidade),
    tag("Neighborhood", l.bairro),
    tag("Address", l.endereco),
    tag("StreetNumber", l.numero),
    tag("PostalCode", l.cep.replace(/\D/g, "")),
    "</Location>",
    "<ContactInfo>",
    tag("Name", site.name),
    tag("Email", site.email),
    tag("Telephone", site.phone),
    tag("Website", base),
    "</ContactInfo>",
    "</Listing>",
  ].join("");
}
