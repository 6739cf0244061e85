import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { useLoaderData, useLocation } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import { ConfirmDelete } from "~/components/modal";
import { actorOf, requireAdmin } from "~/http/auth.server";
import { idParam } from "~/http/params.server";
import { notFound } from "~/http/responses.server";
import { deleteImovel, getImovelById } from "~/models/listings/imovel.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const imovel = await getImovelById(idParam(params.id));
  if (!imovel) throw notFound("Imóvel não encontrado.");
  return { imovel: { id: imovel.id, codigo: imovel.codigo, endereco: imovel.endereco, numero: imovel.numero, bairro: imovel.bairro } };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = actorOf(request, await requireAdmin(request));
  if (!(await deleteImovel(actor, idParam(params.id)))) throw notFound("Imóvel não encontrado.");
  return redirectWithSuccess("/admin/imovel", "Sucesso ao deletar Imovel");
}

/** The delete confirmation of produto §8: a dialog with JavaScript, a page without. */
export default function DeleteImovel() {
  const { imovel } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <ConfirmDelete back={`/admin/imovel${search}`}>
      <p className="confirm-target">
        {imovel.codigo} – {imovel.endereco}, {imovel.numero} ({imovel.bairro})
      </p>
    </ConfirmDelete>
  );
}
