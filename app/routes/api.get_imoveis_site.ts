import { PAGE_SIZE, listPublic } from "~/models/listings/imovel.server";
import { apiRoute, refuse } from "~/http/api.server";
import { STATUS_MESSAGE, intParam, parseStatus } from "~/http/params.server";
import { fieldError, json } from "~/http/responses.server";
import { understandFilter } from "~/http/search.server";
import { listFilterCriteria, parseListFilter } from "~/utils/search-schema";

/**
 * produto §7: the public list (active listings only), with the list pages' filters: status, tipo,
 * bairro, preco_min, preco_max, quartos, suites, banheiros, vagas, q (read as a sentence, issue 33),
 * ordem, page, and pageSize (≤ 100).
 */
export const loader = apiRoute(async ({ request }) => {
  const params = new URL(request.url).searchParams;
  const rawStatus = params.get("status");
  const status = parseStatus(rawStatus);
  if (rawStatus && !status) throw fieldError("status", STATUS_MESSAGE);
  // q is read as a sentence (issue 33): "casa 3 quartos centro" is tipo, quartos and bairro.
  const { filter, status: shown } = await understandFilter(parseListFilter(params), status ?? undefined);
  const pageSize = intParam(params, "pageSize", { min: 1, max: 100, fallback: PAGE_SIZE, cap: true });
  const page = await listPublic(listFilterCriteria(filter, shown), { page: filter.page, sort: filter.ordem, pageSize });
  return json(page);
});

export const action = refuse(["GET"]);
