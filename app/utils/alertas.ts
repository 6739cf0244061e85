// The e-mail alerts of new listings (issue 32 §2): what an alert's search is and how it is said.
// Browser-safe: the list pages' form and the alert pages use it, and so do the models.
import { LIST_PAGES } from "./list-pages";
import { formatMoney } from "./format";
import type { ListFilter } from "./search-schema";

/** The list pages an alert can follow, by their path segment (utils/list-pages.ts). */
export const ALERTA_LISTAS = ["imoveis", "locacao", "venda", "temporada"] as const;
export type AlertaLista = (typeof ALERTA_LISTAS)[number];

export const ALERTA_FREQUENCIAS = ["diaria", "semanal"] as const;
export type AlertaFrequencia = (typeof ALERTA_FREQUENCIAS)[number];
export const FREQUENCIA_LABELS: Record<AlertaFrequencia, string> = {
  diaria: "Todo dia que houver novidade",
  semanal: "No máximo uma vez por semana",
};

/** Unconfirmed alerts are deleted after this many days (the daily maintenance). */
export const UNCONFIRMED_DAYS = 7;

/** The filters of a list page an alert keeps, in this order: the page and the order are not a search. */
export const ALERTA_PARAMS = ["q", "tipo", "bairro", "preco_min", "preco_max", "quartos", "suites", "banheiros", "vagas"] as const;

/** The search an alert follows: a list page and its filters as a query string. */
export type AlertaBusca = { lista: AlertaLista; consulta: string };

const isLista = (v: string): v is AlertaLista => (ALERTA_LISTAS as readonly string[]).includes(v);

/**
 * A list page's path and query string (the form's `busca`) as an alert's search, or null when it is
 * not a list page. The filters are kept as the page understood them (`parse` is the page's own
 * parser), so what the alert re-runs is the search the visitor saw.
 */
export function alertaBuscaOf(busca: string, parse: (params: URLSearchParams) => ListFilter): AlertaBusca | null {
  let url: URL;
  try {
    url = new URL(busca, "http://site.invalid");
  } catch {
    return null;
  }
  if (url.origin !== "http://site.invalid") return null;
  const lista = url.pathname.replace(/^\//, "");
  if (!isLista(lista)) return null;
  const filter = parse(url.searchParams);
  const kept = new URLSearchParams();
  for (const k of ALERTA_PARAMS) {
    const v = filter[k];
    // Prices go back as the page reads them: a dot there is a thousands separator.
    if (v !== undefined && v !== "") kept.set(k, typeof v === "number" && k.startsWith("preco") ? String(v).replace(".", ",") : String(v));
  }
  return { lista, consulta: kept.toString() };
}

/** The list page's address of an alert's search (its link in the e-mails and on its page). */
export const alertaPath = (b: AlertaBusca) => `/${b.lista}${b.consulta ? `?${b.consulta}` : ""}`;

/** The search in words: "Imóveis para locação · Casa · Centro · até R$ 2.000,00 · 2+ quartos · “piscina”". */
export function alertaText(b: AlertaBusca, filter: ListFilter): string {
  const parts: string[] = [LIST_PAGES[b.lista].title];
  if (filter.tipo) parts.push(filter.tipo);
  if (filter.bairro) parts.push(filter.bairro);
  if (filter.preco_min != null && filter.preco_max != null) parts.push(`${formatMoney(filter.preco_min)} a ${formatMoney(filter.preco_max)}`);
  else if (filter.preco_min != null) parts.push(`a partir de ${formatMoney(filter.preco_min)}`);
  else if (filter.preco_max != null) parts.push(`até ${formatMoney(filter.preco_max)}`);
  if (filter.quartos) parts.push(`${filter.quartos}+ ${filter.quartos === 1 ? "quarto" : "quartos"}`);
  if (filter.suites) parts.push(`${filter.suites}+ ${filter.suites === 1 ? "suíte" : "suítes"}`);
  if (filter.banheiros) parts.push(`${filter.banheiros}+ ${filter.banheiros === 1 ? "banheiro" : "banheiros"}`);
  if (filter.vagas) parts.push(`${filter.vagas}+ ${filter.vagas === 1 ? "vaga" : "vagas"}`);
  if (filter.q) parts.push(`“${filter.q}”`);
  return parts.join(" · ");
}

/** The pages of an alert, by its token. */
export const alertaPaths = {
  confirmar: (token: string) => `/alertas/confirmar/${token}`,
  sair: (token: string) => `/alertas/sair/${token}`,
  gerenciar: (token: string) => `/alertas/${token}`,
};

export const ALERTA_CREATED =
  "Quase pronto: enviamos um e-mail para confirmar o alerta. Abra-o e clique em 'Confirmar' (veja também a caixa de spam).";

/** The answer of a token that leads nowhere: never made, mistyped, or its alert cancelled. */
export const ALERTA_NOT_FOUND = {
  title: "Alerta não encontrado",
  text: "Este link não corresponde a nenhum alerta: ele pode ter sido cancelado, ou o endereço está incompleto. Para receber novidades, crie um novo alerta a partir de uma lista de imóveis.",
};
