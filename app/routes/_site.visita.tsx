import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { Link, useActionData, useLoaderData } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import { VisitaForm, type VisitaReply } from "~/components/visita-form";
import { formDataOf } from "~/http/forms.server";
import { handleVisita } from "~/http/mensagem.server";
import { idParam } from "~/http/params.server";
import { notFound } from "~/http/responses.server";
import { clientIp } from "~/http/request.server";
import { getPublicImovel } from "~/models/listings/imovel.server";
import { VISITA_SENT } from "~/utils/mensagem";

export const meta: MetaFunction = () => [{ title: "Agendar visita | Imobiliária Votuporanga" }, { name: "robots", content: "noindex" }];

const NOT_FOUND = "Imóvel não encontrado.";

/** /visita?imovel=ID: the visit form of one public listing (where a refused request is shown again). */
export async function loader({ request }: LoaderFunctionArgs) {
  const imovel = await getPublicImovel(idParam(new URL(request.url).searchParams.get("imovel") ?? undefined, NOT_FOUND));
  if (!imovel) throw notFound(NOT_FOUND);
  const { id, codigo, endereco, numero, bairro } = imovel;
  return { imovel: { id, codigo, endereco, numero, bairro } };
}

/** 'Agendar visita' (issue 22): every visit form posts here; a request lands in the inbox as 'Visita'. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await formDataOf(request);
  const answer = await handleVisita(form, clientIp(request));
  if (answer.status !== 200) {
    return data(answer.reply, { status: answer.status, headers: answer.retryAfter ? { "Retry-After": String(answer.retryAfter) } : undefined });
  }
  const id = Number(form.get("imovel_id"));
  return redirectWithSuccess(Number.isSafeInteger(id) && id > 0 ? `/imovel/${id}` : "/", VISITA_SENT);
}

export default function Visita() {
  const { imovel } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as VisitaReply;
  return (
    <div className="container section visita-page">
      <header className="page-head">
        <h1>Agendar visita</h1>
        <p className="lead">
          <Link to={`/imovel/${imovel.id}`}>{[imovel.endereco, imovel.numero].filter(Boolean).join(", ")}</Link> – {imovel.bairro} ·
          Cód. {imovel.codigo}
        </p>
      </header>
      <VisitaForm imovelId={imovel.id} reply={reply} />
    </div>
  );
}
