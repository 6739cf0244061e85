import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { redirectWithSuccess } from "remix-toast";
import { DELETE_CONFIRM } from "~/components/imagens-atuais";
import { deletePhoto, getFotoOf } from "~/models/foto.server";
import { requireAdmin } from "~/models/session.server";
import { thumbUrl } from "~/utils/img";
import { idParam } from "~/utils/params";

async function fotoOf(params: LoaderFunctionArgs["params"]) {
  const foto = await getFotoOf(idParam(params.id), idParam(params.fotoId, "Foto"));
  if (!foto) throw new Response("Foto não encontrada", { status: 404 });
  return foto;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const foto = await fotoOf(params);
  return { foto: { id: foto.id, img: foto.img, imovelId: foto.imovel_id } };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const foto = await fotoOf(params);
  await deletePhoto(foto.id);
  return redirectWithSuccess(`/admin/imovelEdit/${foto.imovel_id}`, "Foto excluida com sucesso");
}

/** The photo delete confirmation for visitors without JavaScript (with it, the browser asks). */
export default function ExcluirFoto() {
  const { foto } = useLoaderData<typeof loader>();
  const back = `/admin/imovelEdit/${foto.imovelId}`;
  return (
    <div className="modal-page confirm">
      <h2 id="modal-titulo" tabIndex={-1}>
        Excluir
      </h2>
      <p>{DELETE_CONFIRM}</p>
      <img src={thumbUrl(foto.img)} alt="Foto a excluir" width={160} height={120} />
      <div className="form-actions">
        <Form method="post">
          <button type="submit" className="btn btn-danger">
            SIM
          </button>
        </Form>
        <Link to={back} className="btn" preventScrollReset>
          NÃO
        </Link>
      </div>
    </div>
  );
}
