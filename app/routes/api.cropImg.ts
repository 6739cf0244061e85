import { cropPhoto, getFotoOf } from "~/models/foto.server";
import { requireAdminApi } from "~/models/session.server";
import { readApiCrop } from "~/utils/api-crop.server";
import { apiRoute, allowMethods, fieldId, json, jsonError, refuse } from "~/utils/api.server";

/**
 * SPEC §7: multipart img, capa, imgOriginal, id, id_foto → one photo of a property, 400×300.
 * The cover follows the photo by itself, so `capa` is not needed.
 */
export const action = apiRoute(async ({ request }) => {
  await requireAdminApi(request);
  allowMethods(request, ["POST"]);
  const { form, crop, upload } = await readApiCrop(request);
  const fotoId = fieldId(form, "id_foto", "o id da foto");
  const imovelId = form.has("id") ? fieldId(form, "id") : null;
  if (imovelId != null && !(await getFotoOf(imovelId, fotoId))) return jsonError(404, "Foto não encontrada neste imóvel.");
  const img = await cropPhoto(fotoId, crop, { upload });
  return json({ ok: true, id_foto: fotoId, img, message: "Imagem ajustada com sucesso!" });
});

export const loader = refuse(["POST"], { admin: true });
