// The VRSync feed the portals read (issue 23; /feeds/vrsync.xml; rules in app/utils/portais.ts,
// mapping in decision 0024). Written listing by listing, 500 at a time, so its cost in memory does
// not grow with the number of listings; the route keeps it in a file per content version.
import { and, asc, eq, gt, inArray } from "drizzle-orm";
import { getDb, type Db } from "../../db/client.server";
import { contentVersion, imoveis, imovelFotos } from "../../db/schema";
import { descricaoPlain } from "../../services/sanitize.server";
import { COUNT_FIELDS, type Status, type Tipo } from "../../utils/enums";
import { imgUrl } from "../../utils/img";
import { youtubeId, youtubeWatchUrl } from "../../utils/video";
import {
  DESCRICAO_MAX,
  FEATURES,
  LOT_AREA_TIPOS,
  PORTAL_STATUS,
  PHOTO_MIN_WIDTH,
  PROPERTY_TYPES,
  portalState,
  portalTitle,
  type PortalState,
} from "../../utils/portais";

export const VRSYNC_NS = "http://www.vivareal.com/schemas/1.0/VRSync";
const BATCH = 500;

export type FeedSite = { publicUrl: string; name: string; email: string; phone: string };

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

const feedColumns = {
  id: imoveis.id,
  codigo: imoveis.codigo,
  tipo: imoveis.tipo,
  status: imoveis.status,
  ativo: imoveis.ativo,
  publicar_portais: imoveis.publicar_portais,
  preco: imoveis.preco,
  area: imoveis.area,
  condominio: imoveis.condominio,
  iptu: imoveis.iptu,
  descricao: imoveis.descricao,
  capa: imoveis.capa,
  video: imoveis.video,
  endereco: imoveis.endereco,
  numero: imoveis.numero,
  bairro: imoveis.bairro,
  cidade: imoveis.cidade,
  estado: imoveis.estado,
  cep: imoveis.cep,
  alarme: imoveis.alarme,
  ...Object.fromEntries(COUNT_FIELDS.map((f) => [f, imoveis[f]])),
} as const;

type FeedRow = {
  id: number;
  codigo: string | null;
  tipo: Tipo;
  status: Status;
  ativo: "sim" | "nao";
  publicar_portais: "sim" | "nao";
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
} & Record<(typeof COUNT_FIELDS)[number], number>;

export type FeedFoto = { img: string; largura: number | null };

/**
 * A listing's photos for the portals: only those they take, ≥ PHOTO_MIN_WIDTH wide (a photo whose
 * width was not recorded, stored before the rule, is trusted); the cover first (the chosen capa
 * when it is one of them, else the first), then the rest in order. A capa that names no photo of
 * the listing (an old row) is not sent: its width is unknown and it may be any image.
 */
export function portalPhotos(capa: string | null, fotos: readonly FeedFoto[]) {
  const wide = fotos.filter((f) => f.largura == null || f.largura >= PHOTO_MIN_WIDTH).map((f) => f.img);
  const cover = capa && wide.includes(capa) ? capa : wide[0];
  return cover ? [cover, ...wide.filter((f) => f !== cover)] : [];
}

const whole = (v: string | number) => String(Math.round(Number(v)));
const tag = (name: string, value: string | number, attrs = "") => `<${name}${attrs}>${typeof value === "number" ? value : xmlText(value)}</${name}>`;

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
  const features = Object.entries(FEATURES)
    .filter(([count]) => Number(l[count as keyof FeedRow]) > 0)
    .map(([, name]) => tag("Feature", name!));
  if (l.alarme === "Sim") features.push(tag("Feature", "Alarm System"));
  const area = LOT_AREA_TIPOS.has(l.tipo) ? "LotArea" : "LivingArea";
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
    l.iptu != null && Number(l.iptu) > 0 ? tag("YearlyTax", whole(l.iptu), ' currency="BRL"') : "",
    tag(area, whole(l.area), ' unit="square metres"'),
    tag("Bedrooms", l.quartos),
    tag("Bathrooms", l.banheiros),
    tag("Suites", l.suite),
    tag("Garage", l.garagem, ' type="Parking Space"'),
    features.length ? `<Features>${features.join("")}</Features>` : "",
    "</Details>",
    '<Location displayAddress="All">',
    tag("Country", "Brasil", ' abbreviation="BR"'),
    tag("State", l.estado, ` abbreviation="${xmlText(l.estado)}"`),
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

/** Rows with their photos in order, their plain-text description and where they stand (portalState). */
async function withStates(db: Db, rows: FeedRow[]) {
  const fotoRows = rows.length
    ? await db
        .select({ imovel_id: imovelFotos.imovel_id, img: imovelFotos.img, largura: imovelFotos.largura })
        .from(imovelFotos)
        .where(inArray(imovelFotos.imovel_id, rows.map((r) => r.id)))
        .orderBy(asc(imovelFotos.imovel_id), asc(imovelFotos.position), asc(imovelFotos.id))
    : [];
  const fotos = new Map<number, FeedFoto[]>();
  for (const f of fotoRows) fotos.set(f.imovel_id, [...(fotos.get(f.imovel_id) ?? []), { img: f.img, largura: f.largura }]);
  return rows.map((row) => {
    const descricao = descricaoPlain(row.descricao);
    const imgs = fotos.get(row.id) ?? [];
    const state = portalState({ ...row, fotos: portalPhotos(row.capa, imgs).length, fotosTotal: imgs.length, descricao });
    return { row, fotos: imgs, descricao, state };
  });
}

/**
 * The candidates of the feed (active, 'Publicar nos portais', Venda or Locação), in id order,
 * BATCH at a time (keyset: each batch starts after the last id), each with where it stands.
 */
export async function* feedBatches(db: Db) {
  let after = 0;
  for (;;) {
    const rows = (await db
      .select(feedColumns)
      .from(imoveis)
      .where(and(eq(imoveis.ativo, "sim"), eq(imoveis.publicar_portais, "sim"), inArray(imoveis.status, [...PORTAL_STATUS]), gt(imoveis.id, after)))
      .orderBy(asc(imoveis.id))
      .limit(BATCH)) as unknown as FeedRow[];
    if (!rows.length) return;
    after = rows[rows.length - 1].id;
    yield await withStates(db, rows);
    if (rows.length < BATCH) return;
  }
}

/** Where each of these listings stands with the portals (the admin list's and edit page's "Portais"). */
export async function portalStates(ids: readonly number[], db: Db = getDb()) {
  if (!ids.length) return new Map<number, { state: PortalState; publicar: boolean }>();
  const rows = (await db.select(feedColumns).from(imoveis).where(inArray(imoveis.id, [...ids]))) as unknown as FeedRow[];
  return new Map((await withStates(db, rows)).map((r) => [r.row.id, { state: r.state, publicar: r.row.publicar_portais === "sim" }]));
}

/** /admin/portais: how many go, and those left out with what each lacks. */
export async function portalSummary(db: Db = getDb()) {
  let inFeed = 0;
  const leftOut: { id: number; codigo: string | null; endereco: string; missing: string[] }[] = [];
  const byReason = new Map<string, number>();
  for await (const batch of feedBatches(db)) {
    for (const { row, state } of batch) {
      if (state.kind === "feed") inFeed++;
      else if (state.kind === "missing") {
        leftOut.push({ id: row.id, codigo: row.codigo, endereco: [row.endereco, row.numero].filter(Boolean).join(", "), missing: state.missing });
        for (const m of state.missing) byReason.set(m, (byReason.get(m) ?? 0) + 1);
      }
    }
  }
  return { inFeed, leftOut, byReason: [...byReason].sort((a, b) => b[1] - a[1]) };
}

/**
 * When the listings last changed (the content version's time): the feed's PublishDate. Not the time
 * of writing: every process of every replica then writes the same bytes for the same content, so a
 * portal's ETag matches whichever answers it (as the page cache's copies do, decision 0021).
 */
async function publishedAt(db: Db) {
  const [row] = await db.select({ at: contentVersion.changed_at }).from(contentVersion).where(eq(contentVersion.id, 1));
  return row?.at ?? new Date(0);
}

/** The whole feed as chunks of text: the header, then one <Listing> per listing that goes. */
export async function* vrsyncChunks(site: FeedSite, db: Db = getDb()) {
  const now = await publishedAt(db);
  yield `<?xml version="1.0" encoding="UTF-8"?>\n<ListingDataFeed xmlns="${VRSYNC_NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="${VRSYNC_NS} http://xml.vivareal.com/vrsync.xsd">\n`;
  yield `<Header>${tag("Provider", site.name)}${tag("Email", site.email)}${tag("ContactName", site.name)}${tag("Telephone", site.phone)}${tag("PublishDate", now.toISOString())}</Header>\n<Listings>\n`;
  for await (const batch of feedBatches(db)) {
    const out = batch.filter((b) => b.state.kind === "feed").map((b) => listingXml(b.row, b.fotos, b.descricao, site));
    if (out.length) yield `${out.join("\n")}\n`;
  }
  yield "</Listings>\n</ListingDataFeed>\n";
}
