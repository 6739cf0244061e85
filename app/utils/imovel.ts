import { COUNT_FIELDS, type CountField, type Status, type Tipo } from "./enums";
import { formatNumber } from "./format";

export const COUNT_LABELS: Record<CountField, string> = {
  quartos: "Quartos",
  banheiros: "Banheiros",
  garagem: "Garagem",
  churrasqueira: "Churrasqueira",
  escritorio: "Escritório",
  quiosque: "Quiosque",
  armario: "Armário",
  despensa: "Despensa",
  lavanderia: "Lavanderia",
  edicula: "Edícula",
  piscina: "Piscina",
  varanda: "Varanda",
  hidromassagem: "Hidromassagem",
  salas: "Salas",
  suite: "Suíte",
  cozinha: "Cozinha",
  apartamento: "Apartamento",
  sauna: "Sauna",
  area_servico: "Área de serviço",
  area_lazer: "Área de lazer",
  quintal: "Quintal",
};

const FEATURES = [
  ["forro", "Forro"],
  ["portao", "Portão"],
  ["pintura", "Pintura"],
  ["telhado", "Telhado"],
  ["piso", "Piso"],
] as const;

type DetailSource = Record<CountField, number> & {
  forro: string | null;
  portao: string | null;
  pintura: string | null;
  telhado: string | null;
  piso: string | null;
  area: string | number;
};

/** The DETALHES rows of produto §2: counts above 0, features that are set, area above 0 in 'mt'. */
export function detailRows(imovel: DetailSource) {
  const rows: { label: string; value: string }[] = [];
  for (const f of COUNT_FIELDS) {
    if (Number(imovel[f]) > 0) rows.push({ label: COUNT_LABELS[f], value: String(imovel[f]) });
  }
  for (const [f, label] of FEATURES) {
    if (imovel[f]) rows.push({ label, value: String(imovel[f]) });
  }
  if (Number(imovel.area) > 0) rows.push({ label: "Área", value: `${formatNumber(imovel.area)} mt` });
  return rows;
}

export function statusClass(status: string) {
  return status === "Venda" ? "venda" : status === "Temporada" ? "temporada" : "locacao";
}

/** What a card (and an admin list row) shows of a listing; `capa` is the effective cover (produto §2). */
export type ImovelCardData = {
  id: number;
  codigo: string | null;
  tipo: Tipo;
  status: Status;
  preco: string;
  area: string;
  endereco: string;
  numero: string;
  bairro: string;
  cidade: string;
  estado: string;
  quartos: number;
  banheiros: number;
  garagem: number;
  ativo: "sim" | "nao";
  capa: string | null;
  /** a word search's match in the description, as plain text (text-search.ts excerpt) */
  trecho?: string;
};

/** What a public card (components/imovel-card.tsx) shows: all a list page's loader sends of a listing. */
export type CardShown = Omit<ImovelCardData, "codigo" | "area" | "ativo"> & {
  /** a stay search's total for this listing (/temporada with dates, issue 33) */
  estadia?: string;
};

export function shownCard(c: ImovelCardData): CardShown {
  const { id, tipo, status, preco, endereco, numero, bairro, cidade, estado, quartos, banheiros, garagem, capa, trecho } = c;
  return { id, tipo, status, preco, endereco, numero, bairro, cidade, estado, quartos, banheiros, garagem, capa, ...(trecho ? { trecho } : {}) };
}

/** The public code of a listing: VT0001, VT0002 … VT12345. */
export function codigoFor(id: number) {
  return `VT${String(id).padStart(4, "0")}`;
}

/**
 * The costs a listing shows beyond its price (issue 22): condomínio a month, IPTU a year, and for a
 * rental the month's total (aluguel + condomínio + IPTU / 12). A cost not informed is absent, not
 * R$ 0,00; with neither, there is no total either.
 */
export function monthlyCosts(imovel: { status: string; preco: string | number; condominio: string | number | null; iptu: string | number | null }) {
  const condominio = imovel.condominio == null || Number(imovel.condominio) <= 0 ? null : Number(imovel.condominio);
  const iptu = imovel.iptu == null || Number(imovel.iptu) <= 0 ? null : Number(imovel.iptu);
  const rental = imovel.status === "Locação" && (condominio != null || iptu != null);
  const totalMensal = rental ? Math.round((Number(imovel.preco) + (condominio ?? 0) + (iptu ?? 0) / 12) * 100) / 100 : null;
  return { condominio, iptu, totalMensal };
}

/**
 * The street as the map and the search engines get it: with the house number only when the listing
 * allows it ('Mostrar o número no mapa', issue 30).
 */
export function shownStreet(i: { endereco: string; numero: string; mostrar_numero: string }) {
  return i.mostrar_numero === "sim" && i.endereco && i.numero ? `${i.endereco}, ${i.numero}` : i.endereco;
}
