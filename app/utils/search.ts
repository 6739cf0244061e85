// Client-safe search constants. The zod schemas live in search-schema.ts so that public pages
// do not ship zod to the browser.
import type { Status, Tipo } from "./enums";

export const CIDADES = ["Votuporanga"] as const;
export const SORTS = { relevancia: "Mais relevantes", recentes: "Mais recentes", preco_asc: "Menor preço", preco_desc: "Maior preço" } as const;
export type Sort = keyof typeof SORTS;

/**
 * The order a list is shown in: the visitor's pick, else the best matches first for a word search and
 * the newest first otherwise ('Mais relevantes' means nothing without words).
 */
export function shownSort(ordem: Sort | undefined, words: boolean): Sort {
  if (ordem === "relevancia" || !ordem) return words ? "relevancia" : "recentes";
  return ordem;
}

/**
 * produto §5 home search sliders: 0 ('qualquer', no minimum) to 5 ('5 ou mais'). 0 is the default,
 * so nothing is hidden until the visitor asks for a minimum.
 */
export const SLIDER_ANY = 0;
export const SLIDER_MAX = 5;

/** A slider position as the label says it: 'qualquer', '1 ou mais'… */
export function sliderText(value: number) {
  return value <= SLIDER_ANY ? "qualquer" : `${value} ou mais`;
}

/** produto §5: the admin text filter applies from this many characters. */
export const ADMIN_SEARCH_MIN = 4;

/** What every public list filters on (active listings only); built by search-schema.ts. */
export type PublicCriteria = {
  status?: Status;
  tipo?: Tipo;
  cidade?: string;
  bairro?: string;
  preco_min?: number;
  preco_max?: number;
  /** at least this many */
  quartos?: number;
  /** at least this many */
  banheiros?: number;
  /** at least this many suítes (column `suite`) */
  suites?: number;
  /** at least this many parking spaces (column `garagem`) */
  vagas?: number;
  excludeId?: number;
  /** words typed in the search box, each required (text-search.ts) */
  words?: string[];
  /** a listing's code typed in the search box: that listing alone, whatever the other filters */
  id?: number;
  /** /temporada's dates (issue 33): free for the whole stay, for that many guests */
  estadia?: { chegada: string; saida: string; hospedes: number; diarias: number };
};
