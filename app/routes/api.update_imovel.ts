import { refusedMessage, setCapa } from "~/models/listings/foto.server";
import { allowMethods, apiRoute, refuse } from "~/http/api.server";
import { actorOf, requireAdminApi } from "~/http/auth.server";
import { readForm } from "~/http/forms.server";
import { SAVED, submitImovelForm } from "~/http/imovel-form.server";
import { fieldId, text } from "~/http/params.server";
import { json, validationError } from "~/http/responses.server";

/**
 * produto §7: multipart with `id`, the listing fields (capa and ativo included) and new photos in
 * img[n]. `capa` is applied when it names one of the listing's photos; the original client sends
 * back whatever it loaded, so any other value is left alone.
 */
export const action = apiRoute(async ({ request }) => {
  const actor = actorOf(request, await requireAdminApi(request));
  allowMethods(request, ["POST"]);
  const { form, uploads, refused } = await readForm(request, {});
  const id = fieldId(form, "id");
  const saved = await submitImovelForm(actor, form, uploads, id);
  if (!saved.ok) return validationError(saved.result);
  const capa = text(form, "capa").trim();
  if (capa && !form.has("capa_upload")) await setCapa(actor, id, capa);
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
