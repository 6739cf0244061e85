import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { requireAdmin } from "~/http/auth.server";
import { handleRowSwitch } from "~/http/row-switch.server";
import { setPublicarPortais } from "~/models/listings/imovel.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return redirect("/admin/imovel");
}

/** The 'Publicar nos portais' switch (issue 23). */
export function action({ request, params }: ActionFunctionArgs) {
  return handleRowSwitch(request, params.id, {
    field: "publicar_portais",
    label: "publicar nos portais",
    set: setPublicarPortais,
    done: { sim: "Imóvel publicado nos portais", nao: "Imóvel fora dos portais" },
  });
}
