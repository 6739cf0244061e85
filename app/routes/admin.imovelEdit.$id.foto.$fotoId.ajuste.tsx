import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Link, useActionData, useLoaderData, useParams, useRouteError } from "@remix-run/react";
import { redirectWithSuccess } from "remix-toast";
import { ImageCropper, ModalPage, cropperLinks } from "~/components/image-cropper";
import { getEnv } from "~/env.server";
import { PHOTO_OUTPUT, cropPhoto, getFotoOf, hasOriginal, runCropForm } from "~/models/foto.server";
import { requireAdmin } from "~/models/session.server";

const TITLE = "Ajustar imagem";

export const links: LinksFunction = () => cropperLinks();

export const meta: MetaFunction = () => [{ title: `${TITLE} – Painel Administrativo` }, { name: "robots", content: "noindex" }];

const notFound = () => data({ message: "Foto não encontrada neste imóvel." }, { status: 404 });

/** The photo, only when it belongs to the property in the URL. */
async function findFoto(params: LoaderFunctionArgs["params"]) {
  if (!/^\d{1,9}$/.test(params.id ?? "") || !/^\d{1,9}$/.test(params.fotoId ?? "")) throw notFound();
  const foto = await getFotoOf(Number(params.id), Number(params.fotoId));
  if (!foto) throw notFound();
  return foto;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const foto = await findFoto(params);
  return {
    imovelId: foto.imovel_id,
    img: foto.img,
    original: (await hasOriginal(foto.img)) ? `/admin/original/${foto.img}` : null,
    maxBytes: getEnv().MAX_UPLOAD_BYTES,
    output: PHOTO_OUTPUT,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const foto = await findFoto(params);
  const result = await runCropForm(request, (req, upload) => cropPhoto(foto.id, req, { upload }));
  if (!result.ok) return data({ error: result.error, values: result.values }, { status: result.status });
  return redirectWithSuccess(`/admin/imovelEdit/${foto.imovel_id}`, "Imagem ajustada com sucesso!");
}

export default function AjusteFoto() {
  const { imovelId, img, original, maxBytes, output } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const back = `/admin/imovelEdit/${imovelId}`;
  return (
    <ModalPage title={TITLE} closeTo={back}>
      <ImageCropper
        key={img}
        original={original}
        output={output}
        maxBytes={maxBytes}
        error={actionData?.error}
        values={actionData?.values}
        closeTo={back}
      />
    </ModalPage>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { id } = useParams();
  const back = /^\d+$/.test(id ?? "") ? `/admin/imovelEdit/${id}` : "/admin/imovel";
  const message =
    isRouteErrorResponse(error) && typeof error.data?.message === "string"
      ? error.data.message
      : "Não foi possível abrir o ajuste da imagem.";
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <ModalPage title={TITLE} closeTo={back}>
      <p className="alert alert-danger" role="alert">
        {message}
      </p>
      <p>
        <Link to={back} className="btn">
          Voltar
        </Link>
      </p>
    </ModalPage>
  );
}
