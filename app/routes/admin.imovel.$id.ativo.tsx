import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { redirectWithSuccess } from "remix-toast";
import { setAtivo } from "~/models/imovel.server";
import { requireAdmin } from "~/models/session.server";
import { safeRedirect } from "~/utils/redirect";
import { formDataOf } from "~/utils/params";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return redirect("/admin/imovel");
}

/** The 'Anuncio ativar desativar' switch: a plain form post, so it works without JavaScript. */
export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const form = await formDataOf(request);
  const ativo = form.get("ativo");
  const id = Number(params.id);
  if ((ativo !== "sim" && ativo !== "nao") || !Number.isSafeInteger(id)) {
    throw new Response("Valor inválido para ativo (use sim ou nao)", { status: 400 });
  }
  if (!(await setAtivo(id, ativo))) throw new Response("Imóvel não encontrado", { status: 404 });
  return redirectWithSuccess(safeRedirect(form.get("back"), "/admin/imovel"), ativo === "sim" ? "Anúncio ativado" : "Anúncio desativado");
}
