// What a list shows it searched for, as chips (issue 33): each filter of the URL, named as a visitor
// says it ("Casa", "3+ quartos", "até R$ 500.000"), with the link to the same list without it. The
// URL is the whole search, so a chip is a plain link: it works without JavaScript, can be shared,
// and the back button brings the filter back. Client-safe.
import type { Status } from "./enums";
import { formatNumber } from "./format";
import { LIST_PAGES } from "./list-pages";
import type { Understood } from "./search-sentence";

/** The list filters a sentence can set, in the order their chips are shown. */
export const SENTENCE_KEYS = ["tipo", "bairro", "quartos", "suites", "banheiros", "vagas", "preco_min", "preco_max"] as const;

export type Chip = { label: string; href: string };

/** The path of the list of `status` (all listings without one): /locacao, /venda, /temporada, /imoveis. */
export function listPath(status?: Status) {
  const key = Object.keys(LIST_PAGES).find((k) => LIST_PAGES[k].status === status && (status || k === "imoveis"));
  return `/${key ?? "imoveis"}`;
}

const money = (n: number) => `R$ ${formatNumber(n)}`;
const plural = (n: number, one: string, many: string) => `${n}+ ${n === 1 ? one : many}`;

function label(key: (typeof SENTENCE_KEYS)[number], value: string) {
  const n = Number(value);
  switch (key) {
    case "quartos":
      return plural(n, "quarto", "quartos");
    case "suites":
      return plural(n, "suíte", "suítes");
    case "banheiros":
      return plural(n, "banheiro", "banheiros");
    case "vagas":
      return plural(n, "vaga", "vagas");
    case "preco_min":
      return `a partir de ${money(n)}`;
    case "preco_max":
      return `até ${money(n)}`;
    default:
      return value;
  }
}

const href = (path: string, params: URLSearchParams) => (params.size ? `${path}?${params}` : path);

/**
 * The chips of a list at `path` (its status, if any) with the query `search`: the status, each
 * filter set, and the words searched ("“piscina”"). A filter at 0 or empty is none and has no chip.
 */
export function searchChips(path: string, search: string, status?: Status): Chip[] {
  const params = new URLSearchParams(search);
  params.delete("page");
  const without = (key: string) => {
    const p = new URLSearchParams(params);
    p.delete(key);
    return p;
  };
  const chips: Chip[] = [];
  for (const key of SENTENCE_KEYS) {
    const value = params.get(key);
    if (!value || value === "0") continue;
    chips.push({ label: label(key, value), href: href(path, without(key)) });
  }
  const q = params.get("q")?.trim();
  if (q) chips.push({ label: `“${q.replace(/"/g, "")}”`, href: href(path, without("q")) });
  // The status is the page: its chip leads to all listings with the same filters.
  if (status && chips.length) chips.unshift({ label: status, href: href(listPath(), params) });
  return chips;
}

/**
 * The list URL a sentence leads to: `params` (the form's own filters) with what the sentence set in
 * their place, the words left as `q`, from page 1; on the list of the sentence's status if it named one.
 */
export function understoodUrl(params: URLSearchParams, understood: Understood, rest: string, status?: Status) {
  // The form's empty fields ("banheiros=", "ordem=") are no filter: left out of the URL it leads to.
  const out = new URLSearchParams([...params].filter(([key, value]) => value !== "" && key !== "page"));
  for (const key of SENTENCE_KEYS) if (understood[key] != null) out.set(key, String(understood[key]));
  if (rest) out.set("q", rest);
  else out.delete("q");
  return href(listPath(understood.status ?? status), out);
}
