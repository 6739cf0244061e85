import { Link, useLoaderData, useLocation } from "react-router";
import { ErrorPage } from "~/components/error-page";
import { EnvioBadge } from "~/components/mensagem-envio";
import { MensagemAction } from "~/components/mensagem-item";
import { getAgency } from "~/env.server";
import { actorOf, requireAdmin } from "~/http/auth.server";
import { formDataOf } from "~/http/forms.server";
import { changeMensagem, criarImovel, mensagemIdParam } from "~/http/inbox.server";
import { CaptacaoDetails } from "~/components/captacao-details";
import { notFound } from "~/http/responses.server";
import { openMensagem } from "~/models/messages/mensagem-inbox.server";
import { formatDateTime } from "~/utils/format";
import { enderecoOf, replyMailto, replyWhatsapp, visitaText } from "~/utils/mensagem";
import { estadiaText } from "~/utils/temporada";
import type { Route } from "./+types/admin.mensagens_.$id";

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: loaderData ? `Mensagem de ${loaderData.m.nome} | Painel Administrativo` : "Mensagem não encontrada" },
  { name: "robots", content: "noindex" },
];

/** Opening a message shows it whole and marks it read (produto §11). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const m = await openMensagem(mensagemIdParam(params.id));
  if (!m) throw notFound("Mensagem não encontrada.");
  const agency = getAgency().name;
  return { m, mailto: replyMailto(m, agency), whatsapp: replyWhatsapp(m, agency) };
}

/**
 * Read/unread, archive/unarchive and 'Tentar de novo' (the form's intent), from this page or the
 * list; and 'Criar imóvel' of an owner's offer (issue 23), which opens the new listing.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const actor = actorOf(request, await requireAdmin(request));
  const form = await formDataOf(request);
  if (form.get("intent") === "criar-imovel") return criarImovel(actor, params.id);
  return changeMensagem(request, actor, params.id, form);
}

export default function Mensagem() {
  const { m, mailto, whatsapp } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const list = `/admin/mensagens${search}`;
  return (
    <article className="mensagem" aria-labelledby="mensagem-titulo">
      <p className="mensagem-voltar">
        <Link to={list}>‹ Voltar às mensagens</Link>
      </p>
      <header className="mensagem-head">
        <h1 id="mensagem-titulo">Mensagem de {m.nome}</h1>
        <p className="mensagem-meta">
          <span>
            Recebida em <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
          </span>
          {m.arquivada ? <span className="badge">Arquivada</span> : null}
        </p>
      </header>
      <dl className="mensagem-dados">
        <dt>E-mail</dt>
        <dd>
          <a href={`mailto:${m.email}`}>{m.email}</a>
        </dd>
        <dt>Telefone</dt>
        <dd>
          <a href={`tel:${m.telefone.replace(/[^\d+]/g, "")}`}>{m.telefone}</a>
        </dd>
        <dt>Imóvel</dt>
        <dd>
          {m.captacao ? (
            "Oferecido pelo proprietário (abaixo)"
          ) : m.imovel ? (
            <>
              <strong>{m.imovel.codigo}</strong> – {enderecoOf(m.imovel)}
              {m.imovel.bairro ? ` (${m.imovel.bairro})` : ""}{" "}
              <Link to={`/imovel/${m.imovel.id}`}>ver no site</Link> · <Link to={`/admin/imovelEdit/${m.imovel.id}`}>editar</Link>
            </>
          ) : (
            "Contato geral (sem imóvel)"
          )}
        </dd>
        {m.visita ? (
          <>
            <dt>Visita</dt>
            <dd>{visitaText(m.visita)}</dd>
          </>
        ) : null}
        {m.reserva ? (
          <>
            <dt>Reserva</dt>
            <dd>{estadiaText(m.reserva)} – nada foi reservado: confirme com o hóspede e bloqueie as datas no calendário do imóvel.</dd>
          </>
        ) : null}
        <dt>E-mail à imobiliária</dt>
        <dd>
          <EnvioBadge envio={m.envio} detail />
          {m.envio?.status === "falhou" && m.envio.lastError ? <p className="mensagem-erro">Último erro: {m.envio.lastError}</p> : null}
          {m.envio?.status === "falhou" ? (
            <MensagemAction id={m.id} intent="reenviar" label="Tentar de novo" back={`/admin/mensagens/${m.id}${search}`} />
          ) : null}
        </dd>
      </dl>
      {m.mensagem ? <div className="mensagem-texto">{m.mensagem}</div> : null}
      {m.captacao ? <CaptacaoDetails captacao={m.captacao} /> : null}
      <section className="mensagem-responder" aria-label="Responder">
        <a className="btn btn-primary" href={mailto}>
          Responder por e-mail
        </a>
        {whatsapp ? (
          <a className="btn btn-whatsapp" href={whatsapp} target="_blank" rel="noopener noreferrer">
            Responder no WhatsApp
          </a>
        ) : (
          <span className="hint">Telefone sem DDD: sem atalho para o WhatsApp.</span>
        )}
      </section>
      <div className="mensagem-acoes">
        <MensagemAction id={m.id} intent="nao-lida" label="Marcar como não lida" back={list} />
        <MensagemAction id={m.id} intent={m.arquivada ? "desarquivar" : "arquivar"} label={m.arquivada ? "Desarquivar" : "Arquivar"} back={list} />
        <Link to={`/admin/mensagens/${m.id}/excluir${search}`} className="btn btn-sm btn-danger">
          Excluir
        </Link>
      </div>
    </article>
  );
}

export function ErrorBoundary() {
  return (
    <ErrorPage
      notFoundTitle="Mensagem não encontrada"
      failedTitle="Não foi possível abrir esta mensagem"
      links={[{ to: "/admin/mensagens", label: "Voltar às mensagens" }]}
    />
  );
}
