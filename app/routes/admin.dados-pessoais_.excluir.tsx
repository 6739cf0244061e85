// 'Excluir estes dados' of 'Dados de uma pessoa' (issue 24): the confirmation step, then the deletion.
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { ErrorList, FormErrors } from "~/components/forms";
import { requireAdmin } from "~/http/auth.server";
import { deletePerson, personAsked } from "~/http/personal-data.server";
import { findPersonalData } from "~/models/privacy/personal-data.server";
import { PERSONAL_DATA, personalDataHref } from "~/utils/personal-data";
import { personDeleteSchema } from "~/utils/personal-data-schema";

export const meta: MetaFunction = () => [{ title: "Excluir dados de uma pessoa | Painel Administrativo" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { q, who, error } = personAsked(request);
  if (!who) return data({ q, error: error ?? "Informe um e-mail ou um telefone.", counts: null }, { status: 400 });
  const { mensagens, alertas } = await findPersonalData(who);
  const counts = { alertas: alertas.length, mensagens: mensagens.length, fotos: mensagens.reduce((n, m) => n + m.fotos.length, 0), emails: mensagens.reduce((n, m) => n + m.emails.length, 0) };
  return { q, error: null, counts };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  const answer = await deletePerson(request, user);
  return answer instanceof Response ? answer : data({ reply: answer.reply }, { status: answer.status });
}

export default function DeletePersonalData() {
  const { q, error, counts } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "excluir-pessoa",
    lastResult: result?.reply,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: personDeleteSchema }),
  });
  const back = q ? personalDataHref(PERSONAL_DATA, q) : PERSONAL_DATA;
  return (
    <section className="personal-data-delete">
      <h1>Excluir dados de uma pessoa</h1>
      {error || !counts ? (
        <p className="alert alert-danger" role="alert">
          {error}
        </p>
      ) : (
        <>
          <p>
            Serão excluídos definitivamente os dados de <strong>{q}</strong>: {counts.mensagens} mensagem(ns), {counts.fotos} foto(s) e {counts.emails} e-mail(s)
            da fila de envio{counts.alertas ? `, além de ${counts.alertas} alerta(s) de imóveis` : ""}. O histórico do painel mantém as ações sobre essas mensagens, sem nome, e-mail ou texto.
          </p>
          <Form method="post" className="personal-data-confirm" {...getFormProps(form)}>
            <FormErrors id={form.errorId} errors={form.errors} />
            <input type="hidden" name="q" value={q} />
            <label className="checkbox">
              <input type="checkbox" name={fields.confirmar.name} value="sim" aria-describedby={fields.confirmar.errors ? "confirmar-error" : undefined} /> Confirmo
              que a pessoa pediu a exclusão e que isto não pode ser desfeito.
            </label>
            <ErrorList id="confirmar-error" errors={fields.confirmar.errors ?? fields.q.errors} />
            <div className="personal-data-actions">
              <button type="submit" className="btn btn-danger" disabled={busy}>
                {busy ? "Excluindo…" : "Excluir definitivamente"}
              </button>
              <Link to={back} className="btn">
                Cancelar
              </Link>
            </div>
          </Form>
        </>
      )}
      {error ? (
        <p>
          <Link to={back} className="btn">
            Voltar
          </Link>
        </p>
      ) : null}
    </section>
  );
}
