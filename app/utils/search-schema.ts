import { z } from "zod";
import { STATUS, TIPOS, type Status } from "./enums";
import { CIDADES, SLIDER_ANY, SLIDER_MAX, SORTS, type PublicCriteria, type Sort } from "./search";
import { COUNT_LIMIT } from "./search-sentence";
import { parseTextSearch, Q_MAX } from "./text-search";

/** The search box (issue 22): trimmed, at most Q_MAX characters, empty as absent. */
const qField = z
  .string()
  .transform((v) => v.trim().slice(0, Q_MAX) || undefined)
  .optional()
  .catch(undefined);

const optionalInt = (min: number, max: number) =>
  z.preprocess(
    (v) => (v === "" || v == null ? undefined : v),
    z.coerce.number().int().min(min).max(max).optional(),
  ).catch(undefined);

const optionalMoney = z
  .preprocess((v) => (v === "" || v == null ? undefined : String(v).replace(/\./g, "").replace(",", ".")), z.coerce.number().min(0).optional())
  .catch(undefined);

/**
 * The home "Pesquisa" form (produto §5): local, status, tipo, quartos ≥ N, banheiros ≥ N. The
 * sliders' lowest position, 0, is "qualquer" (no minimum), and it is the default: a Terreno or a
 * Sala Comercial without bedrooms or bathrooms is found (produto §10).
 */
export const homeSearchSchema = z.object({
  local: z.enum(CIDADES).catch("Votuporanga"),
  status: z.enum(STATUS).catch("Locação"),
  tipo: z.enum(["Todos", ...TIPOS]).catch("Todos"),
  quartos: z.coerce.number().int().min(SLIDER_ANY).max(SLIDER_MAX).catch(SLIDER_ANY),
  banheiros: z.coerce.number().int().min(SLIDER_ANY).max(SLIDER_MAX).catch(SLIDER_ANY),
  q: qField,
});
export type HomeSearch = z.infer<typeof homeSearchSchema>;

/** Filters of the list pages; anything malformed is ignored rather than an error. */
export const listFilterSchema = z.object({
  tipo: z.enum(TIPOS).optional().catch(undefined),
  bairro: z.string().trim().max(100).optional().catch(undefined).transform((v) => v || undefined),
  preco_min: optionalMoney,
  preco_max: optionalMoney,
  quartos: optionalInt(0, COUNT_LIMIT),
  suites: optionalInt(0, COUNT_LIMIT),
  banheiros: optionalInt(0, COUNT_LIMIT),
  vagas: optionalInt(0, COUNT_LIMIT),
  q: qField,
  // Absent unless the visitor picked one: the shown order then depends on the search (shownSort).
  ordem: z.enum(Object.keys(SORTS) as [Sort, ...Sort[]]).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100000).catch(1),
});
export type ListFilter = z.infer<typeof listFilterSchema>;

export function paramsToObject(params: URLSearchParams | FormData) {
  const out: Record<string, string> = {};
  for (const [k, v] of params.entries()) if (typeof v === "string" && !(k in out)) out[k] = v;
  return out;
}

// Most visits carry no search at all. Their parse is done once: each .catch() default costs zod an
// issue object per field, ~0.17 ms per home page (2 % of an admin's render in a CPU profile).
const HOME_SEARCH_DEFAULT = Object.freeze(homeSearchSchema.parse({}));
const LIST_FILTER_DEFAULT = Object.freeze(listFilterSchema.parse({}));
const isEmpty = (params: URLSearchParams | FormData) => params.keys().next().done;

export function parseHomeSearch(params: URLSearchParams | FormData): HomeSearch {
  return isEmpty(params) ? { ...HOME_SEARCH_DEFAULT } : homeSearchSchema.parse(paramsToObject(params));
}
export function parseListFilter(params: URLSearchParams): ListFilter {
  return isEmpty(params) ? { ...LIST_FILTER_DEFAULT } : listFilterSchema.parse(paramsToObject(params));
}

// ---- Parsed searches as listPublic criteria (shared by the pages' loaders and /api) ----------

/**
 * The search box's part of the criteria: a code is that listing alone (whatever else is chosen, as a
 * visitor who read it on a sign expects), words are required on top of the other filters.
 */
function withText(q: string | undefined, criteria: PublicCriteria): PublicCriteria {
  const text = parseTextSearch(q);
  if (text.kind === "codigo") return { id: text.id };
  return text.kind === "words" ? { ...criteria, words: text.words } : criteria;
}

/** The home search as criteria: 'Todos' means any tipo, a slider at 0 any count. */
export function homeSearchCriteria(s: HomeSearch): PublicCriteria {
  return withText(s.q, {
    cidade: s.local,
    status: s.status,
    tipo: s.tipo === "Todos" ? undefined : s.tipo,
    quartos: s.quartos > SLIDER_ANY ? s.quartos : undefined,
    banheiros: s.banheiros > SLIDER_ANY ? s.banheiros : undefined,
  });
}

/** The list pages' filters as criteria, within one status or all. */
export function listFilterCriteria(f: ListFilter, status?: Status): PublicCriteria {
  const { tipo, bairro, preco_min, preco_max, quartos, suites, banheiros, vagas } = f;
  return withText(f.q, { status, tipo, bairro, preco_min, preco_max, quartos, suites, banheiros, vagas });
}

/** The home search with Temporada and dates, as /temporada's address (issue 33): the same filters, the stay. */
export function temporadaSearchHref(s: HomeSearch, params: URLSearchParams) {
  const q = new URLSearchParams();
  for (const k of ["chegada", "saida", "hospedes"]) {
    const v = params.get(k);
    if (v) q.set(k, v.slice(0, 10));
  }
  if (s.tipo !== "Todos") q.set("tipo", s.tipo);
  if (s.quartos > SLIDER_ANY) q.set("quartos", String(s.quartos));
  if (s.banheiros > SLIDER_ANY) q.set("banheiros", String(s.banheiros));
  if (s.q) q.set("q", s.q);
  return `/temporada?${q}`;
}
