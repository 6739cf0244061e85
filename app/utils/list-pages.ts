import type { Status } from "./enums";

export type ListPage = { status?: Status; title: string; intro: string };

/** The list pages of produto §2, by their path: /imoveis (all) and one per status. */
export const LIST_PAGES: Record<string, ListPage> = {
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
