import { getFotoOf } from "~/models/listings/foto.server";
import { cropFoto } from "~/models/listings/foto-crop.server";
import { allowMethods, apiRoute, refuse } from "~/http/api.server";
import { actorOf, requireAdminApi } from "~/http/auth.server";
import { readApiCrop } from "~/http/crop-form.server";
import { fieldId } from "~/http/params.server";
import { json, notFound } from "~/http/responses.server";

/**
 * produto §7: multipart img, capa, imgOriginal, id, id_foto → one photo of a listing, 400×300.
 * The capa follows the photo by itself, so `capa` is not needed.
 */
export const action = apiRoute(async ({ request }) => {
  const actor = actorOf(request, await requireAdminApi(request));
  allowMethods(request, ["POST"]);
  const { form, crop, upload } = await readApiCrop(request);
  const fotoId = fieldId(form, "id_foto", "o id da foto");
  const imovelId = form.has("id") ? fieldId(form, "id") : null;
  if (imovelId != null && !(await getFotoOf(imovelId, fotoId))) return notFound("Foto não encontrada neste imóvel.");
  const img = await cropFoto(actor, fotoId, crop, { upload });
  return json({ ok: true, id_foto: fotoId, img, message: "Imagem ajustada com sucesso!" });
});

export const loader = refuse(["POST"], { admin: true });
