import { cropCapa } from "~/models/listings/foto-crop.server";
import { allowMethods, apiRoute, refuse } from "~/http/api.server";
import { actorOf, requireAdminApi } from "~/http/auth.server";
import { readApiCrop } from "~/http/crop-form.server";
import { fieldId } from "~/http/params.server";
import { json } from "~/http/responses.server";

/** produto §7: multipart img (data URL), imgOriginal, id → the listing's home image (capa), 400×300. */
export const action = apiRoute(async ({ request }) => {
  const actor = actorOf(request, await requireAdminApi(request));
  allowMethods(request, ["POST"]);
  const { form, crop, upload } = await readApiCrop(request);
  const id = fieldId(form, "id");
  const img = await cropCapa(actor, id, crop, { upload });
  return json({ ok: true, id, img, message: "Imagem ajustada com sucesso!" });
});

export const loader = refuse(["POST"], { admin: true });
