// The property form's words for each stored field (components/imovel-form.tsx shows the same), so
// the admin history says "Preço: R$ 350.000,00 → R$ 340.000,00", not the column's name and value.
import { COUNT_FIELDS } from "./enums";
import { formatMoney, formatNumber } from "./format";
import { COUNT_LABELS } from "./imovel";

export const IMOVEL_LABELS: Record<string, string> = {
  tipo: "Tipo",
  status: "Status",
  situacao: "Situação",
  ativo: "Anúncio ativo",
  publicar_portais: "Publicar nos portais",
  mostrar_numero: "Mostrar o número no mapa",
  preco: "Preço",
  condominio: "Condomínio (R$ por mês)",
  iptu: "IPTU (R$ por ano)",
  area: "Área (m²)",
  descricao: "Descrição",
  video: "Vídeo",
  alarme: "Alarme",
  portao: "Portão",
  forro: "Forro",
  pintura: "Pintura",
  piso: "Piso",
  telhado: "Telhado",
  cep: "CEP",
  endereco: "Endereço (rua)",
  numero: "Número",
  bairro: "Bairro",
  cidade: "Cidade",
  estado: "Estado",
  capa: "Foto de capa",
  ...Object.fromEntries(COUNT_FIELDS.map((f) => [f, COUNT_LABELS[f]])),
};

const MONEY = new Set(["preco", "condominio", "iptu"]);
const SIM_NAO: Record<string, string> = { sim: "Sim", nao: "Não" };

/** A stored value as the form shows it (R$ for money, Sim/Não for the switches); others as stored. */
export function shownImovelValue(key: string, value: unknown): unknown {
  if (value == null || value === "") return value;
  if (MONEY.has(key)) return formatMoney(String(value));
  if (key === "area") return Number(value) > 0 ? formatNumber(String(value)) : null;
  if (key === "ativo" || key === "publicar_portais" || key === "mostrar_numero") return SIM_NAO[String(value)] ?? value;
  return value;
}

/** Every field of `row` as the form shows it, for the history's old → new. */
export function shownImovel(row: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, shownImovelValue(k, v)]));
}
