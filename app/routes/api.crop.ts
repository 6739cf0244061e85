import { cropCover } from "~/models/foto.server";
import { requireAdminApi } from "~/models/session.server";
import { readApiCrop } from "~/utils/api-crop.server";
import { apiRoute, allowMethods, fieldId, json, refuse } from "~/utils/api.server";

/** SPEC §7: multipart img (data URL), imgOriginal, id → the property's home image (cover), 400×300. */
export const action = apiRoute(async ({ request }) => {
  await requireAdminApi(request);
  allowMethods(request, ["POST"]);
  const { form, crop, upload } = await readApiCrop(request);
  const id = fieldId(form, "id");
  const img = await cropCover(id, crop, { upload });
  return json({ ok: true, id, img, message: "Imagem ajustada com sucesso!" });
});

export const loader = refuse(["POST"], { admin: true });
