import { setCover } from "~/models/foto.server";
import { getImovelById } from "~/models/imovel.server";
import { requireAdminApi } from "~/models/session.server";
import { apiRoute, fieldError, fieldId, json, jsonError, methodNotAllowed, readForm, text } from "~/utils/api.server";

/** id (property) and capa (file name of one of its photos), from the form or the query. */
async function fotoCapa(form: FormData | URLSearchParams) {
  const id = fieldId(form, "id");
  const capa = text(form, "capa").trim();
  if (!capa) throw fieldError("capa", "Informe em capa o nome da foto.");
  if (!(await getImovelById(id))) return jsonError(404, "Imóvel não encontrado.");
  if (!(await setCover(id, capa))) throw fieldError("capa", "Essa imagem não é uma foto deste imóvel.", 422);
  return json({ ok: true, id, capa, message: "Foto capa alterada!" });
}

// SPEC §7 sets the cover with a GET: it changes state, so it obeys the same-origin rule too.
export const loader = apiRoute(async ({ request }) => {
  await requireAdminApi(request, { changesState: true });
  if (request.method !== "GET") return methodNotAllowed(["GET", "POST"]);
  return fotoCapa(new URL(request.url).searchParams);
});

export const action = apiRoute(async ({ request }) => {
  await requireAdminApi(request);
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const { form } = await readForm(request);
  const query = new URL(request.url).searchParams;
  return fotoCapa(form.has("id") ? form : query);
});
