import { Link, useActionData, useLoaderData } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import { EtapaForm, NotaForm, ResponsavelForm, RetornoForm } from "~/components/atendimentos/atendimento-forms";
import { AtendimentoTimeline } from "~/components/atendimentos/atendimento-timeline";
import { AtendimentoContato } from "~/components/atendimentos/atendimento-contato";
import { ErrorPage } from "~/components/error-page";
import { atendimentoIdParam, handleAtendimentoPost } from "~/http/atendimento.server";
import { requireAdmin } from "~/http/auth.server";
import { formDataOf } from "~/http/forms.server";
import { notFound } from "~/http/responses.server";
import { getAtendimento } from "~/models/atendimentos/atendimento-page.server";
import { origemOf } from "~/utils/atendimento";
import { formatDateTime } from "~/utils/format";
import styles from "~/styles/admin-atendimentos.css?url";
import type { Route } from "./+types/admin.atendimentos_.$id";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: loaderData ? `Atendimento de ${loaderData.a.m.nome} | Painel Administrativo` : "Atendimento não encontrado" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  const a = await getAtendimento(atendimentoIdParam(params.id));
  if (!a) throw notFound("Atendimento não encontrado.");
  return { a, meId: user.id };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  return handleAtendimentoPost(request, user, params.id, await formDataOf(request));
}

/** One atendimento (issue 34): the contact, the stage, owner, follow-up and the timeline of notes. */
export default function Atendimento() {
  const { a, meId } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { m } = a;
  const back = `/admin/atendimentos/${m.id}`;
  const of = (intent: string) => (answer?.intent === intent ? { lastResult: answer.reply as SubmissionResult<string[]> | undefined, error: answer.error } : {});
  // Each save re-renders the forms from the saved values (a note's box empties).
  const key = String(a.eventos.at(-1)?.id ?? 0);
  return (
    <article className="atd" aria-labelledby="atd-titulo">
      <p className="mensagem-voltar">
        <Link to="/admin/atendimentos">‹ Voltar aos atendimentos</Link>
      </p>
      <header className="mensagem-head">
        <h1 id="atd-titulo">Atendimento de {m.nome}</h1>
        <p className="mensagem-meta">
          <span className="badge">{origemOf(a.tipo)}</span>
          <span>
            Recebido em <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
          </span>
          <span className={`atd-etapa atd-etapa-${a.etapa === "Perdido" ? "perdido" : "aberto"}`}>
            {a.etapa}
            {a.motivo ? ` · ${a.motivo}` : ""}
          </span>
          <Link to={`/admin/mensagens/${m.id}`}>abrir a mensagem</Link>
        </p>
      </header>
      <div className="atd-layout">
        <div className="atd-main">
          {m.mensagem ? <div className="mensagem-texto">{m.mensagem}</div> : null}
          <AtendimentoContato m={m} contato={a.contato} currentId={m.id} />
          <section aria-labelledby="atd-anotacoes">
            <h2 id="atd-anotacoes">Anotações</h2>
            <AtendimentoTimeline eventos={a.eventos} />
            <NotaForm key={`nota-${key}`} back={back} {...of("nota")} />
          </section>
        </div>
        <aside className="atd-side" aria-label="Andamento">
          <ResponsavelForm key={`resp-${key}`} responsavelId={a.responsavelId} admins={a.admins} meId={meId} back={back} {...of("responsavel")} {...of("assumir")} />
          <RetornoForm key={`ret-${key}`} retornarEm={a.retornarEm} back={back} {...of("retorno")} />
          <EtapaForm key={`etapa-${key}`} etapa={a.etapa} motivo={a.motivo} back={back} {...of("etapa")} />
        </aside>
      </div>
    </article>
  );
}

export function ErrorBoundary() {
  return (
    <ErrorPage
      notFoundTitle="Atendimento não encontrado"
      failedTitle="Não foi possível abrir este atendimento"
      links={[{ to: "/admin/atendimentos", label: "Voltar aos atendimentos" }]}
    />
  );
}
