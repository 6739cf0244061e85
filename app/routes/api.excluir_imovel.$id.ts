import { deleteImovel } from "~/models/listings/imovel.server";
import { allowMethods, apiRoute, refuse } from "~/http/api.server";
import { actorOf, requireAdminApi } from "~/http/auth.server";
import { idParam } from "~/http/params.server";
import { json, notFound } from "~/http/responses.server";

/** produto §7: DELETE /api/excluir_imovel/{id}; the photo files go once the rows are gone. */
export const action = apiRoute(async ({ request, params }) => {
  const actor = actorOf(request, await requireAdminApi(request));
  allowMethods(request, ["DELETE"]);
  if (!(await deleteImovel(actor, idParam(params.id)))) return notFound("Imóvel não encontrado.");
  return json({ ok: true, message: "Sucesso ao deletar Imovel" });
});

export const loader = refuse(["DELETE"], { admin: true });
