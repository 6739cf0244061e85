import { PAGE_SIZE, listPublic } from "~/models/listings/imovel.server";
import { allowMethods, apiRoute, refuse } from "~/http/api.server";
import { readForm } from "~/http/forms.server";
import { intParam } from "~/http/params.server";
import { json } from "~/http/responses.server";
import { homeSearchCriteria, parseHomeSearch } from "~/utils/search-schema";

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
  const result = await listPublic(homeSearchCriteria(parseHomeSearch(form)), { page, pageSize });
  return json(result.total === 0 ? { ...result, message: NO_RESULTS } : result);
});

export const loader = refuse(["POST"]);
