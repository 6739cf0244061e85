import { setCapa } from "~/models/listings/foto.server";
import { getImovelById } from "~/models/listings/imovel.server";
import { apiRoute } from "~/http/api.server";
import { actorOf, requireAdminApi } from "~/http/auth.server";
import { readForm } from "~/http/forms.server";
import { fieldId, text } from "~/http/params.server";
import { fieldError, json, methodNotAllowed, notFound } from "~/http/responses.server";
import type { Actor } from "~/models/history/history.server";

/** id (listing) and capa (file name of one of its photos), from the form or the query. */
async function fotoCapa(actor: Actor, form: FormData | URLSearchParams) {
  const id = fieldId(form, "id");
  const capa = text(form, "capa").trim();
  if (!capa) throw fieldError("capa", "Informe em capa o nome da foto.");
  if (!(await getImovelById(id))) return notFound("Imóvel não encontrado.");
  if (!(await setCapa(actor, id, capa))) throw fieldError("capa", "Essa imagem não é uma foto deste imóvel.", 422);
  return json({ ok: true, id, capa, message: "Foto capa alterada!" });
}

// produto §7 sets the capa with a GET: it changes state, so it obeys the same-origin rule too.
export const loader = apiRoute(async ({ request }) => {
  const actor = actorOf(request, await requireAdminApi(request, { changesState: true }));
  if (request.method !== "GET") return methodNotAllowed(["GET", "POST"]);
  return fotoCapa(actor, new URL(request.url).searchParams);
});

export const action = apiRoute(async ({ request }) => {
  const actor = actorOf(request, await requireAdminApi(request));
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const { form } = await readForm(request);
  const query = new URL(request.url).searchParams;
  return fotoCapa(actor, form.has("id") ? form : query);
});
