import { deletePhoto } from "~/models/foto.server";
import { requireAdminApi } from "~/models/session.server";
import { apiRoute, allowMethods, json, jsonError, refuse } from "~/utils/api.server";
import { idParam } from "~/utils/params";

/** SPEC §7: DELETE /api/excluir_foto_imovel/{id of the photo}. */
export const action = apiRoute(async ({ request, params }) => {
  await requireAdminApi(request);
  allowMethods(request, ["DELETE"]);
  const done = await deletePhoto(idParam(params.id, "Foto"));
  if (!done) return jsonError(404, "Foto não encontrada.");
  return json({ ok: true, imovel_id: done.imovelId, message: "Foto excluida com sucesso" });
});

export const loader = refuse(["DELETE"], { admin: true });
