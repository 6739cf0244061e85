import { PAGE_SIZE, listPublic } from "~/models/listings/imovel.server";
import { allowMethods, apiRoute, refuse } from "~/http/api.server";
import { readForm } from "~/http/forms.server";
import { intParam } from "~/http/params.server";
import { json } from "~/http/responses.server";
import { understandFilter } from "~/http/search.server";
import { homeSearchCriteria, parseHomeSearch, type ListFilter } from "~/utils/search-schema";

type ListFilterLike = Partial<ListFilter>;

const NO_RESULTS = "Sua busca não houve resultados!";

/**
 * produto §7: the home search, form-data local, status, tipo ('Todos' = any), quartos, banheiros
 * (at least), like the page: a value it does not know falls back to the form's default.
 */
export const action = apiRoute(async ({ request }) => {
  allowMethods(request, ["POST"]);
  const { form } = await readForm(request);
  const query = new URL(request.url).searchParams;
  const page = intParam(query, "page", { min: 1, max: 100_000, fallback: 1, cap: true });
  const pageSize = intParam(query, "pageSize", { min: 1, max: 100, fallback: PAGE_SIZE, cap: true });
  const search = parseHomeSearch(form);
  // q is read as a sentence (issue 33): what it names replaces the form's own filters.
  const { filter, status } = await understandFilter<ListFilterLike>({ q: search.q }, search.status);
  const { q, ...said } = filter;
  const criteria = homeSearchCriteria({ ...search, q, status: status ?? search.status });
  const result = await listPublic(criteria.id != null ? criteria : { ...criteria, ...said }, { page, pageSize });
  return json(result.total === 0 ? { ...result, message: NO_RESULTS } : result);
});

export const loader = refuse(["POST"]);
