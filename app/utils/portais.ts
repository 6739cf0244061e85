// The portals' feed (issue 23; VRSync, read by ZAP Imóveis, VivaReal and OLX): which listings go,
// why one is left out, and how our tipos and counts are named there. Pure; the feed is written by
// app/models/listings/portal-feed.server.ts. The mapping is decision 0024.
import type { CountField, Status, Tipo } from "./enums";

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

/** Tipos measured by their land (LotArea) rather than their built area (LivingArea). */
export const LOT_AREA_TIPOS: ReadonlySet<Tipo> = new Set<Tipo>(["Terreno", "Rural", "Rancho"]);

/** Our counts that name a VRSync feature (present when the count is at least 1). */
export const FEATURES: Partial<Record<CountField, string>> = {
  piscina: "Pool",
  churrasqueira: "BBQ",
  sauna: "Sauna",
  hidromassagem: "Jacuzzi",
  varanda: "Balcony",
  escritorio: "Home Office",
  lavanderia: "Laundry",
  quintal: "Backyard",
  area_servico: "Service Area",
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
export const DESCRICAO_MAX = 3000;

/** What decides whether a listing goes to the portals. */
export type PortalFields = {
  ativo: "sim" | "nao";
  status: Status;
  publicar_portais: "sim" | "nao";
  /** how many photos the portals take (≥ PHOTO_MIN_WIDTH wide) */
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
  if (l.fotos < 1) missing.push((l.fotosTotal ?? 0) > 0 ? `foto ≥ ${PHOTO_MIN_WIDTH} px` : "foto");
  if (l.descricao.trim().length < DESCRICAO_MIN) missing.push(`descrição ≥ ${DESCRICAO_MIN} caracteres`);
  if (l.cep.replace(/\D/g, "").length !== 8) missing.push("CEP");
  if (!(Number(l.area) >= 1)) missing.push("área");
  if (!(Number(l.preco) >= 1)) missing.push("preço");
  if (!l.endereco.trim()) missing.push("endereço");
  if (!l.bairro.trim()) missing.push("bairro");
  return missing.length ? { kind: "missing", missing } : { kind: "feed" };
}

/** "Casa com 3 quartos à venda no Jardim Marin": 10 to 100 characters, no markup. */
export function portalTitle(l: { tipo: Tipo; status: Status; quartos: number; bairro: string; cidade: string }) {
  const quartos = l.quartos > 0 ? ` com ${l.quartos} ${l.quartos === 1 ? "quarto" : "quartos"}` : "";
  const onde = l.bairro.trim() ? `no ${l.bairro.trim()}` : `em ${l.cidade}`;
  const title = `${l.tipo}${quartos} ${l.status === "Venda" ? "à venda" : "para alugar"} ${onde}`.replace(/\s+/g, " ");
  return title.length <= 100 ? title : `${title.slice(0, 99).replace(/\s+\S*$/, "")}…`;
}
