import { data, Link, redirect } from "react-router";
import { CalendarioAdmin } from "~/components/calendario-admin";
import { ErrorPage } from "~/components/error-page";
import { requireAdmin } from "~/http/auth.server";
import { handleCalendario } from "~/http/calendario.server";
import { idParam } from "~/http/params.server";
import { notFound } from "~/http/responses.server";
import { getImovelById } from "~/models/listings/imovel.server";
import { getCalendarioAdmin } from "~/models/temporada/calendario.server";
import type { Route } from "./+types/admin.imovelEdit_.$id.calendario";

export const meta = () => [{ title: "Calendário | Painel Administrativo" }, { name: "robots", content: "noindex" }];

/** The section lives on the edit page; this address only shows it again with a refused form's errors. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  return redirect(`/admin/imovelEdit/${idParam(params.id)}#calendario`);
}

/** 'Calendário' (issue 33 §2): each form of the section posts here. */
export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  const imovel = await getImovelById(idParam(params.id));
  if (!imovel) throw notFound("Imóvel não encontrado.");
  const { reply, status } = await handleCalendario(request, imovel.id);
  return data({ reply, imovel: { id: imovel.id, codigo: imovel.codigo }, calendario: await getCalendarioAdmin(imovel.id) }, { status });
}

export default function CalendarioRefused({ actionData }: Route.ComponentProps) {
  if (!actionData) return null;
  const { imovel, calendario, reply } = actionData;
  return (
    <>
      <div className="admin-head">
        <h1>Calendário do imóvel {imovel.codigo}</h1>
        <Link to={`/admin/imovelEdit/${imovel.id}`} className="link-muted">
          Voltar ao imóvel
        </Link>
      </div>
      <CalendarioAdmin imovelId={imovel.id} data={calendario} reply={reply} />
    </>
  );
}

export function ErrorBoundary() {
  return <ErrorPage notFoundTitle="Imóvel não encontrado" failedTitle="Não foi possível gravar o calendário" links={[{ to: "/admin/imovel", label: "Voltar à lista" }]} />;
}
