import { listHome } from "~/models/listings/imovel.server";
import { apiRoute, refuse } from "~/http/api.server";
import { STATUS_MESSAGE, intParam, parseStatus } from "~/http/params.server";
import { fieldError, json } from "~/http/responses.server";

const HOME_QTD_MAX = 24;

/** produto §7: the newest active listings of one status (the home asks Temporada 3, Venda 6, Locação 6). */
export const loader = apiRoute(async ({ request }) => {
  const params = new URL(request.url).searchParams;
  const status = parseStatus(params.get("status"));
  if (!status) throw fieldError("status", STATUS_MESSAGE);
  const qtd = intParam(params, "qtd", { min: 1, max: HOME_QTD_MAX, fallback: 6, cap: true });
  return json({ data: await listHome(status, qtd) });
});

export const action = refuse(["GET"]);
