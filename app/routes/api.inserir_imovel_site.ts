import { refusedMessage } from "~/models/foto.server";
import { requireAdminApi } from "~/models/session.server";
import { apiRoute, allowMethods, json, readForm, refuse, validationError } from "~/utils/api.server";
import { SAVED, saveImovel } from "~/utils/imovel-form.server";

/** SPEC §7: multipart with the property fields and img[0], img[1]… → creates the listing. */
export const action = apiRoute(async ({ request }) => {
  await requireAdminApi(request);
  allowMethods(request, ["POST"]);
  const { form, uploads, refused } = await readForm(request, {});
  const saved = await saveImovel(form, uploads);
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
