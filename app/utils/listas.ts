import type { Status } from "./enums";

/** The list pages of SPEC §2: /imoveis (all) and one per status. */
export const LISTAS: Record<string, { status?: Status; title: string; intro: string }> = {
  imoveis: {
    title: "Todos os imóveis",
    intro: "Todos os imóveis disponíveis em Votuporanga: casas, apartamentos, terrenos e imóveis comerciais.",
  },
  locacao: {
    status: "Locação",
    title: "Imóveis para locação",
    intro: "Casas, apartamentos e salas para alugar em Votuporanga.",
  },
  venda: {
    status: "Venda",
    title: "Imóveis à venda",
    intro: "Casas, apartamentos, terrenos e imóveis comerciais à venda em Votuporanga.",
  },
  temporada: {
    status: "Temporada",
    title: "Imóveis para temporada",
    intro: "Ranchos, casas e áreas de lazer para temporada em Votuporanga e região.",
  },
};
