import { deletePhotoFilesOf } from "~/models/foto.server";
import { deleteImovel } from "~/models/imovel.server";
import { requireAdminApi } from "~/models/session.server";
import { apiRoute, allowMethods, json, jsonError, refuse } from "~/utils/api.server";
import { idParam } from "~/utils/params";

/** SPEC §7: DELETE /api/excluir_imovel/{id}; the photo files go once the rows are gone. */
export const action = apiRoute(async ({ request, params }) => {
  await requireAdminApi(request);
  allowMethods(request, ["DELETE"]);
  const imgs = await deleteImovel(idParam(params.id));
  if (!imgs) return jsonError(404, "Imóvel não encontrado.");
  await deletePhotoFilesOf(imgs);
  return json({ ok: true, message: "Sucesso ao deletar Imovel" });
});

export const loader = refuse(["DELETE"], { admin: true });
