import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import { FormErrors } from "~/components/forms";
import { AlertaBuscaLine, AlertaCard, AlertaNotFound } from "~/components/alerta-page";
import { alertaView } from "~/http/alertas.server";
import { formDataOf } from "~/http/forms.server";
import { setFrequencia } from "~/models/alerts/alerta.server";
import { frequenciaSchema } from "~/utils/alerta-schema";
import { ALERTA_FREQUENCIAS, ALERTA_NOT_FOUND, alertaPaths, FREQUENCIA_LABELS } from "~/utils/alertas";
import type { Route } from "./+types/_site.alertas.$token";

export const meta = () => [{ title: "Seu alerta de imóveis | Imobiliária Votuporanga" }, { name: "robots", content: "noindex" }];

/** An alert's page (issue 32 §2): its search, how often it mails, and the way out. */
export async function loader({ params }: Route.LoaderArgs) {
  const view = await alertaView(params.token);
  if (!view) return data({ view: null }, { status: 404 });
  return { view, sair: alertaPaths.sair(params.token) };
}

export async function action({ params, request }: Route.ActionArgs) {
  const submission = parseWithZod(await formDataOf(request), { schema: frequenciaSchema });
  if (submission.status !== "success") return data({ errors: submission.error?.frequencia ?? ["Frequência inválida."] }, { status: 400 });
  if (!(await setFrequencia(params.token, submission.value.frequencia))) return data({ errors: [ALERTA_NOT_FOUND.title] }, { status: 404 });
  return redirectWithSuccess(alertaPaths.gerenciar(params.token), "Frequência salva.");
}

export default function Alerta({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.view) {
    return <AlertaNotFound />;
  }
  const { view, sair } = loaderData;
  return (
    <AlertaCard title="Seu alerta de imóveis">
      <AlertaBuscaLine busca={view.busca} href={view.buscaHref} />
      <p>
        E-mail: <strong>{view.email}</strong> ·{" "}
        {view.confirmado ? <span className="alerta-estado">Ativo</span> : <span className="alerta-estado alerta-estado-pendente">Aguardando confirmação</span>}
      </p>
      <Form method="post" className="alerta-frequencia">
        <FormErrors errors={actionData?.errors} />
        <fieldset>
          <legend>Com que frequência receber os e-mails</legend>
          {ALERTA_FREQUENCIAS.map((f) => (
            <label key={f} className="alerta-radio">
              <input type="radio" name="frequencia" value={f} defaultChecked={view.frequencia === f} /> {FREQUENCIA_LABELS[f]}
            </label>
          ))}
        </fieldset>
        <button type="submit" className="btn btn-primary">
          Salvar
        </button>
      </Form>
      <p className="alerta-sair">
        <Link to={sair}>Cancelar este alerta</Link>
      </p>
    </AlertaCard>
  );
}
