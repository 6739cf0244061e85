import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { requireAdmin } from "~/http/auth.server";
import { handleRowSwitch } from "~/http/row-switch.server";
import { setAtivo } from "~/models/listings/imovel.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return redirect("/admin/imovel");
}

/** The 'Anuncio ativar desativar' switch. */
export function action({ request, params }: ActionFunctionArgs) {
  return handleRowSwitch(request, params.id, { field: "ativo", label: "ativo", set: setAtivo, done: { sim: "Anúncio ativado", nao: "Anúncio desativado" } });
}
