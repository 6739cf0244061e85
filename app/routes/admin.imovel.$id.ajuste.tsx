import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "react-router";
import { useActionData, useLoaderData, useLocation } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import { ImageCropper, cropperLinks } from "~/components/image-cropper";
import { ModalError, ModalPage } from "~/components/modal";
import { actorOf, requireAdmin } from "~/http/auth.server";
import { cropTarget, runCropForm } from "~/http/crop-form.server";
import { idParam } from "~/http/params.server";
import { notFound } from "~/http/responses.server";
import { cropCapa } from "~/models/listings/foto-crop.server";
import { getImovelById } from "~/models/listings/imovel.server";
import { FOTO_OUTPUT } from "~/utils/crop";
import { thumbUrl } from "~/utils/img";

const TITLE = "Ajustar imagem da home";

export const links: LinksFunction = () => cropperLinks();

export const meta: MetaFunction = () => [{ title: `${TITLE} – Painel Administrativo` }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const imovel = await getImovelById(idParam(params.id));
  if (!imovel) throw notFound("Imóvel não encontrado.");
  return {
    id: imovel.id,
    endereco: [imovel.endereco, imovel.numero].filter(Boolean).join(", "),
    lugar: [imovel.bairro, imovel.cidade].filter(Boolean).join(" – "),
    target: await cropTarget(imovel.capa, FOTO_OUTPUT),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = actorOf(request, await requireAdmin(request));
  const id = idParam(params.id);
  const refused = await runCropForm(request, (req, upload) => cropCapa(actor, id, req, { upload }));
  return refused ?? redirectWithSuccess(`/admin/imovel${new URL(request.url).search}`, "Imagem da home ajustada com sucesso!");
}

export default function AjusteCapa() {
  const { id, endereco, lugar, target } = useLoaderData<typeof loader>();
  const back = `/admin/imovel${useLocation().search}`;
  return (
    <ModalPage title={TITLE} closeTo={back}>
      <div className="crop-subject">
        <img src={thumbUrl(target.img)} alt="Imagem atual da home" width={120} height={90} />
        <p>
          <strong>{endereco || `Imóvel ${id}`}</strong>
          <br />
          {lugar}
        </p>
      </div>
      <ImageCropper key={target.img ?? "sem-foto"} target={target} answer={useActionData<typeof action>()} closeTo={back} />
    </ModalPage>
  );
}

export function ErrorBoundary() {
  const back = `/admin/imovel${useLocation().search}`;
  return <ModalError title={TITLE} back={back} fallback="Não foi possível abrir o ajuste da imagem." />;
}
