import { PAGE_SIZE, listPublic } from "~/models/listings/imovel.server";
import { apiRoute, refuse } from "~/http/api.server";
import { STATUS_MESSAGE, intParam, parseStatus } from "~/http/params.server";
import { fieldError, json } from "~/http/responses.server";

/** produto §7: active listings of one status ('Locação', 'Venda', 'Temporada'; 'locacao' works too). */
export const loader = apiRoute(async ({ request, params }) => {
  const status = parseStatus(params.tipo);
  if (!status) throw fieldError("tipo", STATUS_MESSAGE);
  const query = new URL(request.url).searchParams;
  const page = intParam(query, "page", { min: 1, max: 100_000, fallback: 1, cap: true });
  const pageSize = intParam(query, "pageSize", { min: 1, max: 100, fallback: PAGE_SIZE, cap: true });
  return json(await listPublic({ status }, { page, pageSize }));
});

export const action = refuse(["GET"]);
