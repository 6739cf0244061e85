import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Link, useActionData, useLoaderData, useLocation, useRouteError } from "@remix-run/react";
import { redirectWithSuccess } from "remix-toast";
import { ImageCropper, ModalPage, cropperLinks } from "~/components/image-cropper";
import { getEnv } from "~/env.server";
import { PHOTO_OUTPUT, coverOf, cropCover, hasOriginal, runCropForm } from "~/models/foto.server";
import { getImovelById } from "~/models/imovel.server";
import { requireAdmin } from "~/models/session.server";
import { thumbUrl } from "~/utils/img";

const TITLE = "Ajustar imagem da home";

export const links: LinksFunction = () => cropperLinks();

export const meta: MetaFunction = () => [{ title: `${TITLE} – Painel Administrativo` }, { name: "robots", content: "noindex" }];

function parseId(raw: string | undefined) {
  if (!/^\d{1,9}$/.test(raw ?? "")) throw data({ message: "Imóvel não encontrado." }, { status: 404 });
  return Number(raw);
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = parseId(params.id);
  const imovel = await getImovelById(id);
  if (!imovel) throw data({ message: "Imóvel não encontrado." }, { status: 404 });
  const cover = (await coverOf(id)) ?? null;
  return {
    id,
    endereco: [imovel.endereco, imovel.numero].filter(Boolean).join(", "),
    lugar: [imovel.bairro, imovel.cidade].filter(Boolean).join(" – "),
    cover,
    original: cover && (await hasOriginal(cover)) ? `/admin/original/${cover}` : null,
    maxBytes: getEnv().MAX_UPLOAD_BYTES,
    output: PHOTO_OUTPUT,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const id = parseId(params.id);
  const result = await runCropForm(request, (req, upload) => cropCover(id, req, { upload }));
  if (!result.ok) return data({ error: result.error, values: result.values }, { status: result.status });
  return redirectWithSuccess(`/admin/imovel${new URL(request.url).search}`, "Imagem da home ajustada com sucesso!");
}

export default function AjusteCapa() {
  const { id, endereco, lugar, cover, original, maxBytes, output } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const back = `/admin/imovel${useLocation().search}`;
  return (
    <ModalPage title={TITLE} closeTo={back}>
      <div className="crop-subject">
        <img src={thumbUrl(cover)} alt="Imagem atual da home" width={120} height={90} />
        <p>
          <strong>{endereco || `Imóvel ${id}`}</strong>
          <br />
          {lugar}
        </p>
      </div>
      <ImageCropper
        key={cover ?? "sem-foto"}
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
  const message =
    isRouteErrorResponse(error) && typeof error.data?.message === "string"
      ? error.data.message
      : "Não foi possível abrir o ajuste da imagem.";
  const back = `/admin/imovel${useLocation().search}`;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <ModalPage title={TITLE} closeTo={back}>
      <p className="alert alert-danger" role="alert">
        {message}
      </p>
      <p>
        <Link to={back} className="btn">
          Voltar à lista
        </Link>
      </p>
    </ModalPage>
  );
}
