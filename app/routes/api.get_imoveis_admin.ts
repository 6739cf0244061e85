import { listAdmin } from "~/models/listings/imovel-admin.server";
import { apiRoute, refuse } from "~/http/api.server";
import { requireAdminApi } from "~/http/auth.server";
import { intParam } from "~/http/params.server";
import { fieldError, json } from "~/http/responses.server";

/** produto §7: the admin list, active or not: q (from 4 characters), ativo, page, pageSize (≤ 100). */
export const loader = apiRoute(async ({ request }) => {
  await requireAdminApi(request);
  const params = new URL(request.url).searchParams;
  const ativo = params.get("ativo") || undefined;
  if (ativo !== undefined && ativo !== "sim" && ativo !== "nao") throw fieldError("ativo", "Valor inválido para ativo: use sim ou nao.");
  const page = intParam(params, "page", { min: 1, max: 100_000, fallback: 1, cap: true });
  const pageSize = intParam(params, "pageSize", { min: 1, max: 100, fallback: 20, cap: true });
  return json(await listAdmin({ q: (params.get("q") ?? "").slice(0, 100), ativo, page, pageSize }));
});

export const action = refuse(["GET"], { admin: true });
