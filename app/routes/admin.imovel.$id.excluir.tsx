import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { redirectWithSuccess } from "remix-toast";
import { deletePhotoFilesOf } from "~/models/foto.server";
import { deleteImovel, getImovelById } from "~/models/imovel.server";
import { requireAdmin } from "~/models/session.server";
import { idParam } from "~/utils/params";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const imovel = await getImovelById(idParam(params.id));
  if (!imovel) throw new Response("Imóvel não encontrado", { status: 404 });
  return { imovel: { id: imovel.id, codigo: imovel.codigo, endereco: imovel.endereco, numero: imovel.numero, bairro: imovel.bairro } };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const imgs = await deleteImovel(idParam(params.id));
  if (!imgs) throw new Response("Imóvel não encontrado", { status: 404 });
  // Files go only after the rows are gone, so no page ever points at a missing file.
  await deletePhotoFilesOf(imgs);
  return redirectWithSuccess("/admin/imovel", "Sucesso ao deletar Imovel");
}

/** The delete confirmation of SPEC §8: a dialog with JavaScript, a page without. */
export default function ExcluirImovel() {
  const { imovel } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <div className="modal-page confirm">
      <h2 id="modal-titulo" tabIndex={-1}>
        Excluir
      </h2>
      <p>Tem certeza que deseja excluir ?</p>
      <p className="confirm-target">
        {imovel.codigo} – {imovel.endereco}, {imovel.numero} ({imovel.bairro})
      </p>
      <div className="form-actions">
        <Form method="post">
          <button type="submit" className="btn btn-danger">
            SIM
          </button>
        </Form>
        <Link to={`/admin/imovel${search}`} className="btn" preventScrollReset>
          NÃO
        </Link>
      </div>
    </div>
  );
}
