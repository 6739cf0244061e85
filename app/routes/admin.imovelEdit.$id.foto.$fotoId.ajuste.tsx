import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "react-router";
import { useActionData, useLoaderData, useParams } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import { ImageCropper, cropperLinks } from "~/components/image-cropper";
import { ModalError, ModalPage } from "~/components/modal";
import { actorOf, requireAdmin } from "~/http/auth.server";
import { cropTarget, runCropForm } from "~/http/crop-form.server";
import { fotoOfRoute } from "~/http/params.server";
import { cropFoto } from "~/models/listings/foto-crop.server";
import { FOTO_OUTPUT } from "~/utils/crop";
import { editPageOf } from "~/utils/paths";

const TITLE = "Ajustar imagem";

export const links: LinksFunction = () => cropperLinks();

export const meta: MetaFunction = () => [{ title: `${TITLE} – Painel Administrativo` }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const foto = await fotoOfRoute(params);
  return { imovelId: foto.imovel_id, target: await cropTarget(foto.img, FOTO_OUTPUT) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = actorOf(request, await requireAdmin(request));
  const foto = await fotoOfRoute(params);
  const refused = await runCropForm(request, (req, upload) => cropFoto(actor, foto.id, req, { upload }));
  return refused ?? redirectWithSuccess(`/admin/imovelEdit/${foto.imovel_id}`, "Imagem ajustada com sucesso!");
}

export default function AjusteFoto() {
  const { imovelId, target } = useLoaderData<typeof loader>();
  const back = `/admin/imovelEdit/${imovelId}`;
  return (
    <ModalPage title={TITLE} closeTo={back}>
      <ImageCropper key={target.img} target={target} answer={useActionData<typeof action>()} closeTo={back} />
    </ModalPage>
  );
}

export function ErrorBoundary() {
  return <ModalError title={TITLE} back={editPageOf(useParams().id)} fallback="Não foi possível abrir o ajuste da imagem." />;
}

