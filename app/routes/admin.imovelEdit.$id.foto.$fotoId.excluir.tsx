import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { useLoaderData } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import { ConfirmDelete } from "~/components/modal";
import { actorOf, requireAdmin } from "~/http/auth.server";
import { fotoOfRoute } from "~/http/params.server";
import { deleteFoto } from "~/models/listings/foto.server";
import { thumbUrl } from "~/utils/img";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const foto = await fotoOfRoute(params);
  return { foto: { id: foto.id, img: foto.img, imovelId: foto.imovel_id } };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = actorOf(request, await requireAdmin(request));
  const foto = await fotoOfRoute(params);
  await deleteFoto(actor, foto.id);
  return redirectWithSuccess(`/admin/imovelEdit/${foto.imovel_id}`, "Foto excluida com sucesso");
}

/** The photo delete confirmation of produto §8: a dialog over the edit page with JavaScript, a page without. */
export default function DeleteFoto() {
  const { foto } = useLoaderData<typeof loader>();
  return (
    <ConfirmDelete back={`/admin/imovelEdit/${foto.imovelId}`}>
      <img src={thumbUrl(foto.img)} alt="Foto a excluir" width={160} height={120} />
    </ConfirmDelete>
  );
}
