import { data, Link } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import { ReservaForm, type ReservaReply } from "~/components/reserva-form";
import { formDataOf } from "~/http/forms.server";
import { handleReserva } from "~/http/mensagem.server";
import { idParam } from "~/http/params.server";
import { notFound } from "~/http/responses.server";
import { clientIp } from "~/http/request.server";
import { getPublicImovel } from "~/models/listings/imovel.server";
import { RESERVA_SENT } from "~/utils/mensagem";
import type { Route } from "./+types/_site.reserva";

export const meta = () => [{ title: "Solicitar reserva | Imobiliária Votuporanga" }, { name: "robots", content: "noindex" }];

const NOT_FOUND = "Imóvel não encontrado.";

/** /reserva?imovel=ID: the booking form of one public Temporada listing (where a refused request is shown again). */
export async function loader({ request }: Route.LoaderArgs) {
  const id = idParam(new URL(request.url).searchParams.get("imovel") ?? undefined, NOT_FOUND);
  const imovel = await getPublicImovel(id);
  if (!imovel || imovel.status !== "Temporada") throw notFound(NOT_FOUND);
  const { codigo, endereco, numero, bairro } = imovel;
  return { imovel: { id, codigo, endereco, numero, bairro } };
}

/** 'Solicitar reserva' (issue 33): lands in the inbox as 'Reserva' and goes out in the agency e-mail. Nothing is booked. */
export async function action({ request }: Route.ActionArgs) {
  const form = await formDataOf(request);
  const answer = await handleReserva(form, clientIp(request));
  if (answer.status !== 200) {
    return data(answer.reply, { status: answer.status, headers: answer.retryAfter ? { "Retry-After": String(answer.retryAfter) } : undefined });
  }
  const id = Number(form.get("imovel_id"));
  return redirectWithSuccess(Number.isSafeInteger(id) && id > 0 ? `/imovel/${id}` : "/", RESERVA_SENT);
}

export default function Reserva({ loaderData, actionData }: Route.ComponentProps) {
  const { imovel } = loaderData;
  return (
    <div className="container section visita-page">
      <header className="page-head">
        <h1>Solicitar reserva</h1>
        <p className="lead">
          <Link to={`/imovel/${imovel.id}`}>{[imovel.endereco, imovel.numero].filter(Boolean).join(", ")}</Link> – {imovel.bairro} · Cód. {imovel.codigo}
        </p>
      </header>
      <ReservaForm imovelId={imovel.id} reply={actionData as ReservaReply} />
    </div>
  );
}
