import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { redirectWithSuccess } from "remix-toast";
import { requireAdmin } from "~/http/auth.server";
import { formDataOf } from "~/http/forms.server";
import { idParam } from "~/http/params.server";
import { safeRedirect } from "~/http/redirect";
import { fieldError, notFound } from "~/http/responses.server";
import { setAtivo } from "~/models/listings/imovel.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return redirect("/admin/imovel");
}

/** The 'Anuncio ativar desativar' switch: a plain form post, so it works without JavaScript. */
export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const id = idParam(params.id);
  const form = await formDataOf(request);
  const ativo = form.get("ativo");
  if (ativo !== "sim" && ativo !== "nao") throw fieldError("ativo", "Valor inválido para ativo (use sim ou nao).");
  if (!(await setAtivo(id, ativo))) throw notFound("Imóvel não encontrado.");
  return redirectWithSuccess(safeRedirect(form.get("back"), "/admin/imovel"), ativo === "sim" ? "Anúncio ativado" : "Anúncio desativado");
}
