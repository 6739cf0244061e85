import { setAtivo } from "~/models/listings/imovel.server";
import { allowMethods, apiRoute, refuse } from "~/http/api.server";
import { actorOf, requireAdminApi } from "~/http/auth.server";
import { readForm } from "~/http/forms.server";
import { fieldId, text } from "~/http/params.server";
import { fieldError, json, notFound } from "~/http/responses.server";

/** produto §7: form id + ativo ('sim' | 'nao') → shows or hides the listing. */
export const action = apiRoute(async ({ request }) => {
  const actor = actorOf(request, await requireAdminApi(request));
  allowMethods(request, ["POST"]);
  const { form } = await readForm(request);
  const id = fieldId(form, "id");
  const ativo = text(form, "ativo").trim();
  if (ativo !== "sim" && ativo !== "nao") throw fieldError("ativo", "Valor inválido para ativo: use sim ou nao.");
  if (!(await setAtivo(actor, id, ativo))) return notFound("Imóvel não encontrado.");
  return json({ ok: true, id, ativo, message: ativo === "sim" ? "Anúncio ativado" : "Anúncio desativado" });
});

export const loader = refuse(["POST"], { admin: true });
