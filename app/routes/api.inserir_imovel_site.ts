import { refusedMessage } from "~/models/listings/foto.server";
import { allowMethods, apiRoute, refuse } from "~/http/api.server";
import { actorOf, requireAdminApi } from "~/http/auth.server";
import { readForm } from "~/http/forms.server";
import { SAVED, submitImovelForm } from "~/http/imovel-form.server";
import { json, validationError } from "~/http/responses.server";

/** produto §7: multipart with the listing fields and img[0], img[1]… → creates the listing. */
export const action = apiRoute(async ({ request }) => {
  const actor = actorOf(request, await requireAdminApi(request));
  allowMethods(request, ["POST"]);
  const { form, uploads, refused } = await readForm(request, {});
  const saved = await submitImovelForm(actor, form, uploads);
  if (!saved.ok) return validationError(saved.result);
  const notSaved = [...refused, ...saved.refused];
  return json(
    {
      ok: true,
      id: saved.id,
      message: SAVED,
      imagens: saved.added.map((a) => ({ ...a, imovel_id: saved.id })),
      ...(notSaved.length ? { refused: notSaved, warning: refusedMessage(notSaved) } : {}),
    },
    { status: 201 },
  );
});

export const loader = refuse(["POST"], { admin: true });
