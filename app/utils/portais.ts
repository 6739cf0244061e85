// The portals' feed (issue 23; VRSync, read by ZAP Imóveis, VivaReal and OLX): which listings go,
// why one is left out, and how our tipos and counts are named there. Pure; the feed is written by
// app/models/listings/portal-feed.server.ts. The mapping is decision 0024; the portals' published
// rules the feed meets, and where each is written, decision 0029.
import type { CountField, Status, Tipo } from "./enums";
import { UF_NAMES } from "./uf";

/** Our 15 tipos as VRSync's PropertyType; the UsageType is its first half. */
export const PROPERTY_TYPES: Record<Tipo, string> = {
  Apartamento: "Residential / Apartment",
  "Área de Lazer": "Residential / Farm Ranch",
  Casa: "Residential / Home",
  "Casa Condominio": "Residential / Condo",
  Edícula: "Residential / Home",
  Kitnet: "Residential / Kitnet",
  "Loja Comercial": "Commercial / Business",
  Rancho: "Residential / Farm Ranch",
  Rural: "Residential / Farm Ranch",
  "Sala Comercial": "Commercial / Office",
  "Salão Comercial": "Commercial / Business",
  "Salão Industrial": "Commercial / Industrial",
  Sobrado: "Residential / Sobrado",
  Temporada: "Residential / Home",
  Terreno: "Residential / Land Lot",
};

/**
 * Whether the portals measure this tipo by its land (LotArea) rather than its built area
 * (LivingArea): VRSync's Details page asks LotArea of land, farms and industrial buildings.
 */
export function usesLotArea(tipo: Tipo) {
  return /\/ (Land Lot|Farm Ranch|Industrial)$/.test(PROPERTY_TYPES[tipo]);
}

/**
 * Our counts that name a VRSync feature (present when the count is at least 1). Only names from
 * VRSync's closed list of features: a name outside it is not recognised by the portals.
 */
export const FEATURES: Partial<Record<CountField, string>> = {
  piscina: "Pool",
  churrasqueira: "BBQ",
  sauna: "Sauna",
  hidromassagem: "Whirlpool",
  varanda: "Balcony",
  escritorio: "Home Office",
  lavanderia: "Laundry",
  quintal: "Backyard",
  // VRSync has no "service area": in a Brazilian house it is where the laundry is done.
  area_servico: "Laundry",
  armario: "Builtin Wardrobe",
  despensa: "Pantry",
  quiosque: "Gourmet Area",
  area_lazer: "Recreation Area",
};

/** The statuses a portal lists: sale and rent (Temporada is not in the portals' feed). */
export const PORTAL_STATUS: readonly Status[] = ["Venda", "Locação"];
export const DESCRICAO_MIN = 50;
/** The portals take photos at least this wide. */
export const PHOTO_MIN_WIDTH = 800;
/** …and a listing with at least this many of them (VRSync's Listing page: "mínimo de 5 fotos"). */
export const PHOTO_MIN_COUNT = 5;
export const DESCRICAO_MAX = 3000;

/** What decides whether a listing goes to the portals. */
export type PortalFields = {
  ativo: "sim" | "nao";
  status: Status;
  publicar_portais: "sim" | "nao";
  /** how many photos the portals take (JPEG, ≥ PHOTO_MIN_WIDTH wide) */
  fotos: number;
  /** how many photos it has, narrow ones included (the count above when not given) */
  fotosTotal?: number;
  /** the description as plain text */
  descricao: string;
  cep: string;
  area: string | number;
  preco: string | number;
  endereco: string;
  bairro: string;
  cidade: string;
  /** the state's abbreviation (UF) */
  estado: string;
};

export type PortalState =
  | { kind: "feed" }
  /** not meant for the portals: inactive, Temporada, or 'Publicar nos portais' off */
  | { kind: "off"; why: string }
  /** meant for them, but breaking a rule the portals apply */
  | { kind: "missing"; missing: string[] };

/** Where a listing stands with the portals, and what it lacks (the admin list's "Portais"). */
export function portalState(l: PortalFields): PortalState {
  if (l.ativo !== "sim") return { kind: "off", why: "inativo" };
  if (!PORTAL_STATUS.includes(l.status)) return { kind: "off", why: "Temporada não vai aos portais" };
  if (l.publicar_portais !== "sim") return { kind: "off", why: "não publicar" };
  const missing: string[] = [];
  // Said as a count: the admin sees how many photos the listing has; 'menos de 5 fotos ≥ 800 px'
  // when it has enough but some are too narrow for the portals.
  if (l.fotos < PHOTO_MIN_COUNT) {
    missing.push((l.fotosTotal ?? l.fotos) >= PHOTO_MIN_COUNT ? `menos de ${PHOTO_MIN_COUNT} fotos ≥ ${PHOTO_MIN_WIDTH} px` : `menos de ${PHOTO_MIN_COUNT} fotos`);
  }
  if (l.descricao.trim().length < DESCRICAO_MIN) missing.push(`descrição ≥ ${DESCRICAO_MIN} caracteres`);
  if (l.cep.replace(/\D/g, "").length !== 8) missing.push("CEP");
  if (!(Number(l.area) >= 1)) missing.push("área");
  if (!(Number(l.preco) >= 1)) missing.push("preço");
  if (!l.endereco.trim()) missing.push("endereço");
  if (!l.bairro.trim()) missing.push("bairro");
  if (!l.cidade.trim()) missing.push("cidade");
  if (!UF_NAMES[l.estado]) missing.push("estado");
  return missing.length ? { kind: "missing", missing } : { kind: "feed" };
}

/**
 * The reasons a listing is out, as the admin reads them: what is lacking after "falta:", a count
 * ('menos de 5 fotos') on its own. "falta: CEP, área; menos de 5 fotos".
 */
export function missingText(missing: readonly string[]) {
  const counts = missing.filter(isCount);
  const lacking = missing.filter((m) => !isCount(m));
  return [lacking.length ? `falta: ${lacking.join(", ")}` : "", ...counts].filter(Boolean).join("; ");
}

/** One reason with how many listings it keeps out (/admin/portais): "falta CEP: 2", "menos de 5 fotos: 3". */
export function reasonText(reason: string, n: number) {
  return isCount(reason) ? `${reason}: ${n}` : `falta ${reason}: ${n}`;
}

const isCount = (reason: string) => reason.startsWith("menos de ");

/** "Casa com 3 quartos à venda no Jardim Marin": 10 to 100 characters, no markup. */
export function portalTitle(l: { tipo: Tipo; status: Status; quartos: number; bairro: string; cidade: string }) {
  const quartos = l.quartos > 0 ? ` com ${l.quartos} ${l.quartos === 1 ? "quarto" : "quartos"}` : "";
  const onde = l.bairro.trim() ? `no ${l.bairro.trim()}` : `em ${l.cidade}`;
  const title = `${l.tipo}${quartos} ${l.status === "Venda" ? "à venda" : "para alugar"} ${onde}`.replace(/\s+/g, " ");
  return title.length <= 100 ? title : `${title.slice(0, 99).replace(/\s+\S*$/, "")}…`;
}
