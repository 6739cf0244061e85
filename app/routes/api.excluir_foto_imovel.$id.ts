import { deleteFoto } from "~/models/listings/foto.server";
import { allowMethods, apiRoute, refuse } from "~/http/api.server";
import { actorOf, requireAdminApi } from "~/http/auth.server";
import { idParam } from "~/http/params.server";
import { json, notFound } from "~/http/responses.server";

/** produto §7: DELETE /api/excluir_foto_imovel/{id of the photo}. */
export const action = apiRoute(async ({ request, params }) => {
  const actor = actorOf(request, await requireAdminApi(request));
  allowMethods(request, ["DELETE"]);
  const done = await deleteFoto(actor, idParam(params.id, "Foto não encontrada."));
  if (!done) return notFound("Foto não encontrada.");
  return json({ ok: true, imovel_id: done.imovelId, message: "Foto excluida com sucesso" });
});

export const loader = refuse(["DELETE"], { admin: true });
