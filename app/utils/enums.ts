// The enumerations of produto §3, shared by the schema, the forms and the public search.
export const TIPOS = [
  "Apartamento",
  "Área de Lazer",
  "Casa",
  "Casa Condominio",
  "Edícula",
  "Kitnet",
  "Loja Comercial",
  "Rancho",
  "Rural",
  "Sala Comercial",
  "Salão Comercial",
  "Salão Industrial",
  "Sobrado",
  "Temporada",
  "Terreno",
] as const;

// produto §5: the public search offers every tipo but Salão Industrial and Terreno.
export const TIPOS_BUSCA = TIPOS.filter((t) => t !== "Salão Industrial" && t !== "Terreno");

export const STATUS = ["Locação", "Venda", "Temporada"] as const;
export const SITUACOES = ["Alugado", "Disponivel", "Vendido"] as const;
export const ATIVO = ["sim", "nao"] as const;
export const ALARME = ["Sim", "Não"] as const;
export const PORTAO = ["Elétrico", "Convencional"] as const;
export const FORRO = ["Forro", "Gesso", "Laje", "PVC", "Madeira"] as const;
export const CONSERVACAO = ["Novo", "Danificado", "Reparado"] as const;

export const COUNT_FIELDS = [
  "quartos",
  "banheiros",
  "garagem",
  "churrasqueira",
  "escritorio",
  "quiosque",
  "armario",
  "despensa",
  "lavanderia",
  "edicula",
  "piscina",
  "varanda",
  "hidromassagem",
  "salas",
  "suite",
  "cozinha",
  "apartamento",
  "sauna",
  "area_servico",
  "area_lazer",
  "quintal",
] as const;
export const COUNT_MAX = 6;

export type Tipo = (typeof TIPOS)[number];
export type Status = (typeof STATUS)[number];
export type CountField = (typeof COUNT_FIELDS)[number];
