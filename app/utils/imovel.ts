import { COUNT_FIELDS, type CountField } from "./enums";
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

/** The DETALHES rows of SPEC §2: counts above 0, features that are set, area above 0 in 'mt'. */
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
