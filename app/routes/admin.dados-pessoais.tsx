// Issue 24, LGPD: 'Dados de uma pessoa' — what the agency holds about an e-mail or a phone, to export
// (JSON download) or delete on the person's request.
import { data, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { Form, Link, useLoaderData } from "react-router";
import { ErrorList } from "~/components/forms";
import { PersonalAlertas, PersonalDataTable } from "~/components/personal-data-table";
import { requireAdmin } from "~/http/auth.server";
import { personAsked } from "~/http/personal-data.server";
import { PERSONAL_DATA, personalDataHref } from "~/utils/personal-data";
import { findPersonalData } from "~/models/privacy/personal-data.server";

export const meta: MetaFunction = () => [{ title: "Dados de uma pessoa | Painel Administrativo" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { q, who, error } = personAsked(request);
  if (error) return data({ q, error, mensagens: null, alertas: null }, { status: 400 });
  const found = who ? await findPersonalData(who) : null;
  return { q, error: null, mensagens: found?.mensagens ?? null, alertas: found?.alertas ?? null };
}

export default function DadosPessoais() {
  const { q, error, mensagens, alertas } = useLoaderData<typeof loader>();
  return (
    <>
      <div className="admin-head">
        <h1>Dados de uma pessoa</h1>
      </div>
      <p className="hint personal-data-intro">
        LGPD: encontre tudo o que o site guarda sobre um e-mail ou telefone (mensagens de contato, pedidos de visita, imóveis oferecidos com suas
        fotos, os e-mails enviados à imobiliária e os alertas de imóveis por e-mail), para entregar uma cópia à pessoa ou excluir, a pedido dela. Favoritos não entram: não
        identificam ninguém.
      </p>
      <div className="admin-tools">
        <Form method="get" role="search" className="admin-search">
          <label htmlFor="pessoa-q" className="sr-only">
            E-mail ou telefone
          </label>
          <input
            id="pessoa-q"
            type="search"
            name="q"
            placeholder="E-mail ou telefone"
            defaultValue={q}
            maxLength={191}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "pessoa-q-error" : undefined}
          />
          <button type="submit" className="btn">
            Buscar
          </button>
          <ErrorList id="pessoa-q-error" errors={error ? [error] : null} />
        </Form>
      </div>
      {mensagens == null || alertas == null ? null : mensagens.length === 0 && alertas.length === 0 ? (
        <p className="empty-state">Nada guardado sobre {q}.</p>
      ) : (
        <>
          <p className="result-count">
            {mensagens.length} {mensagens.length === 1 ? "mensagem" : "mensagens"}
            {alertas.length ? ` e ${alertas.length} ${alertas.length === 1 ? "alerta" : "alertas"} de imóveis` : ""} sobre <strong>{q}</strong>
          </p>
          <div className="personal-data-actions">
            <a className="btn" href={personalDataHref(`${PERSONAL_DATA}/exportar`, q)} download>
              Exportar (JSON)
            </a>
            <Link className="btn btn-danger" to={personalDataHref(`${PERSONAL_DATA}/excluir`, q)}>
              Excluir estes dados
            </Link>
          </div>
          {mensagens.length ? <PersonalDataTable mensagens={mensagens} /> : null}
          {alertas.length ? <PersonalAlertas alertas={alertas} /> : null}
        </>
      )}
    </>
  );
}
