// A VRSync <Listing> as one of our listings (issue 32): the inverse of what our own feed writes
// (portal-xml.server.ts, decisions 0024 and 0029), so that a feed we write imports back into an
// equal listing, plus the names other providers use that ours does not (YearlyTax, Sale/Rent,
// Penthouse…). Pure but for the description's sanitizing. Decision 0036.
import type { CountField, Status, Tipo } from "../../utils/enums";
import { FEATURES, PROPERTY_TYPES, portalTitle, usesLotArea } from "../../utils/portais";
import { UF_NAMES } from "../../utils/uf";
import { youtubeId, youtubeWatchUrl } from "../../utils/video";
import { sanitizeDescricao } from "../../services/sanitize.server";
import { child, textAt, type El } from "./vrsync-read.server";

/**
 * VRSync's PropertyType → our tipo. Where several tipos share a type (decision 0024), the first
 * tipo that names it is the one we come back to (Residential / Home → Casa, not Edícula).
 */
const TIPO_OF: Record<string, Tipo> = {
  ...Object.fromEntries(
    (Object.entries(PROPERTY_TYPES) as [Tipo, string][])
      .filter(([t]) => !["Edícula", "Temporada", "Área de Lazer", "Rancho", "Salão Comercial"].includes(t))
      .map(([t, type]) => [type.toLowerCase(), t]),
  ),
  "residential / penthouse": "Apartamento",
  "residential / flat": "Apartamento",
  "residential / loft": "Apartamento",
  "residential / studio": "Kitnet",
  "residential / village house": "Casa Condominio",
  "residential / agricultural": "Rural",
  "commercial / agricultural": "Rural",
  "commercial / loja": "Loja Comercial",
  "commercial / consultorio": "Sala Comercial",
  "commercial / land lot": "Terreno",
};

const FEATURE_COUNT: Record<string, CountField> = {};
for (const [count, name] of Object.entries(FEATURES)) FEATURE_COUNT[name!.toLowerCase()] ??= count as CountField;

const UF_OF_NAME = Object.fromEntries(Object.entries(UF_NAMES).map(([uf, name]) => [name.toLowerCase(), uf]));

/** The columns an import writes (ativo and publicar_portais only when it creates). */
export type ImportValues = {
  tipo: Tipo;
  status: Status;
  preco: string;
  area: string;
  condominio: string | null;
  iptu: string | null;
  descricao: string;
  video: string | null;
  mostrar_numero: "sim" | "nao";
  endereco: string;
  numero: string;
  bairro: string;
  cidade: string;
  estado: string;
  cep: string;
  alarme: "Sim" | "Não";
} & Partial<Record<CountField, number>>;

export type MappedPhoto = { url: string; primary: boolean };

export type Mapped =
  | { kind: "ok"; codigo: string; values: ImportValues; fotos: MappedPhoto[]; notes: string[]; warnings: string[] }
  | { kind: "ignored"; codigo: string; reason: string };

/** A money or area value as DECIMAL text ("1200.50"), null when absent, empty or not a number. */
function decimal(el: El | undefined) {
  const raw = el?.text.trim().replace(/\s/g, "") ?? "";
  if (!raw) return null;
  // "1.234,56" (pt-BR) or "1234.56"
  const n = Number(/,\d{1,2}$/.test(raw) ? raw.replace(/\./g, "").replace(",", ".") : raw.replace(/,/g, ""));
  return Number.isFinite(n) && n >= 0 ? n.toFixed(2) : null;
}

const count = (el: El, path: string) => {
  const n = Math.round(Number(textAt(el, path)));
  return Number.isFinite(n) ? Math.min(Math.max(n, 0), 255) : 0;
};

const cut = (s: string, max: number) => s.slice(0, max);

/** The feed's description as our editor's HTML: markup sanitized as the editor's; plain text in paragraphs. */
export function descricaoHtml(text: string) {
  const t = text.trim();
  if (/<\/?(p|br|strong|b|em|i|u|ul|ol|li|a|div|span)\b/i.test(t)) return sanitizeDescricao(t);
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const paras = t.split(/\r?\n\s*\r?\n/).map((p) => p.trim()).filter(Boolean);
  return sanitizeDescricao(paras.map((p) => `<p>${esc(p).replace(/\r?\n/g, "<br>")}</p>`).join(""));
}

const ufOf = (state: El | undefined) => {
  const abbr = state?.attrs.abbreviation?.trim().toUpperCase() ?? "";
  if (UF_NAMES[abbr]) return abbr;
  const text = state?.text.trim() ?? "";
  return UF_NAMES[text.toUpperCase()] ? text.toUpperCase() : (UF_OF_NAME[text.toLowerCase()] ?? "");
};

/** One <Listing> mapped, or why it is left out ('ignorado'). */
export function mapListing(l: El): Mapped {
  const codigo = textAt(l, "ListingID");
  if (!codigo) return { kind: "ignored", codigo: "", reason: "sem ListingID" };
  if (codigo.length > 50) return { kind: "ignored", codigo: cut(codigo, 50), reason: "ListingID com mais de 50 caracteres" };
  const ignored = (reason: string): Mapped => ({ kind: "ignored", codigo, reason });
  const notes: string[] = [];
  const warnings: string[] = [];

  const type = textAt(l, "Details/PropertyType");
  const tipo = TIPO_OF[type.toLowerCase().replace(/\s*\/\s*/, " / ")];
  if (!tipo) return ignored(type ? `tipo "${type}" sem correspondente aqui` : "sem PropertyType");

  const transaction = textAt(l, "TransactionType").toLowerCase();
  const list = decimal(child(l, "Details/ListPrice"));
  const rentalEl = child(l, "Details/RentalPrice");
  const rent = decimal(rentalEl);
  let status: Status;
  let preco: string | null;
  if (transaction === "for sale") [status, preco] = ["Venda", list];
  else if (transaction === "for rent") [status, preco] = [rentalEl?.attrs.period?.toLowerCase() === "daily" ? "Temporada" : "Locação", rent];
  else if (transaction === "sale/rent") {
    [status, preco] = ["Venda", list];
    if (rent && Number(rent) > 0) notes.push(`também para locação no feed: aluguel de R$ ${Number(rent).toLocaleString("pt-BR")}${rentalEl?.attrs.period?.toLowerCase() === "daily" ? " por dia" : " por mês"} (importado como Venda)`);
  } else return ignored(transaction ? `TransactionType "${transaction}" desconhecido` : "sem TransactionType");
  if (!preco || Number(preco) <= 0) return ignored("sem preço");

  const loc = child(l, "Location");
  const endereco = cut(textAt(l, "Location/Address"), 160);
  const cidade = cut(textAt(l, "Location/City"), 100);
  if (!endereco || !cidade) return ignored(`sem endereço (falta: ${[!endereco && "rua", !cidade && "cidade"].filter(Boolean).join(", ")})`);
  const estado = ufOf(child(l, "Location/State"));
  if (!estado) warnings.push("estado não reconhecido: ficou SP");

  const lot = decimal(child(l, "Details/LotArea"));
  const living = decimal(child(l, "Details/LivingArea"));
  const area = (usesLotArea(tipo) ? (lot ?? living) : (living ?? lot)) ?? "0.00";

  const features = new Set((child(l, "Details/Features")?.children ?? []).map((f) => f.text.trim().toLowerCase()));
  const counts: Partial<Record<CountField, number>> = {};
  for (const name of features) {
    const c = FEATURE_COUNT[name];
    if (c) counts[c] = 1;
  }
  // Laundry is how our feed names both lavanderia and área de serviço: it comes back as lavanderia.

  const media = child(l, "Media")?.children.filter((c) => c.name === "Item") ?? [];
  const fotos: MappedPhoto[] = [];
  let video: string | null = null;
  for (const item of media) {
    const url = item.text.trim();
    const medium = (item.attrs.medium ?? "image").toLowerCase();
    if (medium === "video") {
      const id = youtubeId(url);
      if (id && !video) video = youtubeWatchUrl(id);
      else if (!id) warnings.push("vídeo que não é do YouTube ignorado");
    } else if (medium === "image" && url && !fotos.some((f) => f.url === url)) {
      fotos.push({ url, primary: item.attrs.primary === "true" });
    }
  }

  const values: ImportValues = {
    tipo,
    status,
    preco,
    area,
    condominio: decimal(child(l, "Details/PropertyAdministrationFee")),
    iptu: decimal(child(l, "Details/Iptu")) ?? decimal(child(l, "Details/YearlyTax")),
    descricao: "",
    video,
    mostrar_numero: loc?.attrs.displayAddress === "All" ? "sim" : "nao",
    endereco,
    numero: cut(textAt(l, "Location/StreetNumber"), 20),
    bairro: cut(textAt(l, "Location/Neighborhood"), 100),
    cidade,
    estado: estado || "SP",
    cep: formatCep(textAt(l, "Location/PostalCode")),
    alarme: features.has("alarm system") ? "Sim" : "Não",
    quartos: count(l, "Details/Bedrooms"),
    banheiros: count(l, "Details/Bathrooms"),
    suite: count(l, "Details/Suites"),
    garagem: count(l, "Details/Garage"),
    ...counts,
  };
  // The title: our listings have none (ours is made from the fields, portalTitle); another
  // provider's own title opens the description, unless it is the one we would make.
  const title = textAt(l, "Title");
  const body = descricaoHtml(textAt(l, "Details/Description"));
  const withTitle = title && title !== portalTitle({ ...values, quartos: values.quartos ?? 0 }) ? `${descricaoHtml(title).replace(/^<p>(.*)<\/p>$/s, "<p><strong>$1</strong></p>")}${body}` : body;
  values.descricao = withTitle;
  return { kind: "ok", codigo, values, fotos, notes, warnings };
}

/** "15500000" → "15500-000"; anything else as it came (at most 9 characters). */
export function formatCep(raw: string) {
  const d = raw.replace(/\D/g, "");
  return d.length === 8 ? `${d.slice(0, 5)}-${d.slice(5)}` : cut(raw.trim(), 9);
}
