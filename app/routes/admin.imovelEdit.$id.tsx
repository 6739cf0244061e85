import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, isRouteErrorResponse, useActionData, useLoaderData, useOutlet, useRouteError } from "@remix-run/react";
import { ImagensAtuais } from "~/components/imagens-atuais";
import { ImovelForm } from "~/components/imovel-form";
import { RouteModal } from "~/components/modal";
import { getImovelById, listFotos } from "~/models/imovel.server";
import { requireAdmin } from "~/models/session.server";
import { idParam } from "~/utils/params";
import { formLimits, handleImovelForm, imovelToForm } from "~/utils/imovel-form.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Editar ${data.imovel.codigo} | Painel Administrativo` : "Imóvel não encontrado" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const imovel = await getImovelById(idParam(params.id));
  if (!imovel) throw new Response("Imóvel não encontrado", { status: 404 });
  const fotos = await listFotos(imovel.id);
  return {
    imovel: { id: imovel.id, codigo: imovel.codigo, capa: imovel.capa, ativo: imovel.ativo },
    values: imovelToForm(imovel),
    fotos: fotos.map((f) => ({ id: f.id, img: f.img })),
    ...formLimits(),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  return handleImovelForm(request, idParam(params.id));
}

export default function EditarImovel() {
  const { imovel, values, fotos, maxUploadBytes } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const outlet = useOutlet();
  const capa = imovel.capa ?? fotos[0]?.img ?? null;
  return (
    <>
      <div className="admin-head">
        <h1>Editar imóvel {imovel.codigo}</h1>
        <Link to={`/imovel/${imovel.id}`} className="link-muted">
          {imovel.ativo === "sim" ? "Ver no site" : "Anúncio inativo"}
        </Link>
      </div>
      {actionData?.formError ? (
        <p className="alert alert-danger" role="alert">
          {actionData.formError}
        </p>
      ) : null}
      {/* keyed on the saved values, so a successful save re-renders the form from the database */}
      <ImovelForm
        key={JSON.stringify(values)}
        lastResult={actionData?.result}
        cepMessage={actionData?.cepMessage}
        defaultValue={values}
        maxUploadBytes={maxUploadBytes}
      />
      <ImagensAtuais imovelId={imovel.id} capa={capa} fotos={fotos} />
      {outlet ? <RouteModal closeTo={`/admin/imovelEdit/${imovel.id}`}>{outlet}</RouteModal> : null}
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="error-page">
      <h1>{notFound ? "Imóvel não encontrado" : "Não foi possível abrir este imóvel"}</h1>
      <p>
        <Link to="/admin/imovel" className="btn btn-primary">
          Voltar à lista
        </Link>
      </p>
    </div>
  );
}
