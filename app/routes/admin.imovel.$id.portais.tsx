import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { redirectWithSuccess } from "remix-toast";
import { requireAdmin } from "~/http/auth.server";
import { formDataOf } from "~/http/forms.server";
import { idParam } from "~/http/params.server";
import { safeRedirect } from "~/http/redirect";
import { fieldError, notFound } from "~/http/responses.server";
import { setPublicarPortais } from "~/models/listings/imovel.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return redirect("/admin/imovel");
}

/** The "Publicar nos portais" switch of the admin list (issue 23): a plain form post, so it works without JavaScript. */
export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const id = idParam(params.id);
  const form = await formDataOf(request);
  const publicar = form.get("publicar_portais");
  if (publicar !== "sim" && publicar !== "nao") throw fieldError("publicar_portais", "Valor inválido para publicar nos portais (use sim ou nao).");
  if (!(await setPublicarPortais(id, publicar))) throw notFound("Imóvel não encontrado.");
  return redirectWithSuccess(safeRedirect(form.get("back"), "/admin/imovel"), publicar === "sim" ? "Imóvel publicado nos portais" : "Imóvel fora dos portais");
}
