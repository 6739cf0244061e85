import { refusedMessage, setCover } from "~/models/foto.server";
import { requireAdminApi } from "~/models/session.server";
import { apiRoute, allowMethods, fieldId, json, readForm, refuse, text, validationError } from "~/utils/api.server";
import { SAVED, saveImovel } from "~/utils/imovel-form.server";

/**
 * SPEC §7: multipart with `id`, the property fields (capa and ativo included) and new photos in
 * img[n]. `capa` is applied when it names one of the property's photos; the original client sends
 * back whatever it loaded, so any other value is left alone.
 */
export const action = apiRoute(async ({ request }) => {
  await requireAdminApi(request);
  allowMethods(request, ["POST"]);
  const { form, uploads, refused } = await readForm(request, {});
  const id = fieldId(form, "id");
  const saved = await saveImovel(form, uploads, id);
  if (!saved.ok) return validationError(saved.result);
  const capa = text(form, "capa").trim();
  if (capa && !form.has("capa_upload")) await setCover(id, capa);
  const notSaved = [...refused, ...saved.refused];
  return json({
    ok: true,
    id,
    message: SAVED,
    imagens: saved.added.map((a) => ({ ...a, imovel_id: id })),
    ...(notSaved.length ? { refused: notSaved, warning: refusedMessage(notSaved) } : {}),
  });
});

export const loader = refuse(["POST"], { admin: true });
