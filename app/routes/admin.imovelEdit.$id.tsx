import { Link, useActionData, useLoaderData, useOutlet } from "react-router";
import { ErrorPage } from "~/components/error-page";
import { FotoTable } from "~/components/foto-table";
import { ImovelForm } from "~/components/imovel-form";
import { RouteModal } from "~/components/modal";
import { actorOf, requireAdmin } from "~/http/auth.server";
import { formLimits, handleImovelForm, imovelToForm } from "~/http/imovel-form.server";
import { idParam } from "~/http/params.server";
import { notFound } from "~/http/responses.server";
import { listFotos } from "~/models/listings/foto.server";
import { getImovelById } from "~/models/listings/imovel.server";
import { portalStates } from "~/models/listings/portal-feed.server";
import { PortalBadge } from "~/components/portal-badge";
import { CalendarioAdmin } from "~/components/calendario-admin";
import { getCalendarioAdmin } from "~/models/temporada/calendario.server";
import type { Route } from "./+types/admin.imovelEdit.$id";

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: loaderData ? `Editar ${loaderData.imovel.codigo} | Painel Administrativo` : "Imóvel não encontrado" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const imovel = await getImovelById(idParam(params.id));
  if (!imovel) throw notFound("Imóvel não encontrado.");
  const [fotos, portal, calendario] = await Promise.all([
    listFotos(imovel.id),
    portalStates([imovel.id]),
    imovel.status === "Temporada" ? getCalendarioAdmin(imovel.id) : null,
  ]);
  return {
    calendario,
    portal: portal.get(imovel.id)?.state,
    imovel: { id: imovel.id, codigo: imovel.codigo, capa: imovel.capa, ativo: imovel.ativo, codigo_feed: imovel.codigo_feed },
    values: imovelToForm(imovel),
    fotos: fotos.map((f) => ({ id: f.id, img: f.img })),
    ...formLimits(),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const actor = actorOf(request, await requireAdmin(request));
  return handleImovelForm(request, actor, idParam(params.id));
}

export default function EditImovel() {
  const { imovel, values, fotos, maxUploadBytes, portal, calendario } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const outlet = useOutlet();
  return (
    <>
      <div className="admin-head">
        <h1>Editar imóvel {imovel.codigo}</h1>
        <span className="admin-head-links">
          <Link to={`/imovel/${imovel.id}`} className="link-muted">
            {imovel.ativo === "sim" ? "Ver no site" : "Anúncio inativo"}
          </Link>
          <Link to={`/admin/historico?imovel=${imovel.id}`} className="link-muted">
            Histórico deste imóvel
          </Link>
        </span>
      </div>
      <p className="portal-line">
        Portais: <PortalBadge state={portal} /> <Link to="/admin/portais">ver o feed</Link>
      </p>
      {imovel.codigo_feed ? (
        // Issue 32: the feed's ListingID, by which the next import of that feed finds this listing.
        <p className="portal-line">
          Código no feed: <code>{imovel.codigo_feed}</code>
        </p>
      ) : null}
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
        lastPhotoId={Math.max(0, ...fotos.map((f) => f.id))}
      />
      <FotoTable imovelId={imovel.id} capa={imovel.capa} fotos={fotos} />
      {calendario ? <CalendarioAdmin imovelId={imovel.id} data={calendario} /> : null}
      {outlet ? <RouteModal closeTo={`/admin/imovelEdit/${imovel.id}`}>{outlet}</RouteModal> : null}
    </>
  );
}

export function ErrorBoundary() {
  return (
    <ErrorPage
      notFoundTitle="Imóvel não encontrado"
      failedTitle="Não foi possível abrir este imóvel"
      links={[{ to: "/admin/imovel", label: "Voltar à lista" }]}
    />
  );
}
