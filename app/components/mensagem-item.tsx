import { Form, Link, useFetcher } from "react-router";
import { formatDateTime } from "~/utils/format";
import { captacaoText, enderecoOf, visitaText, type MensagemView } from "~/utils/mensagem";
import { estadiaText } from "~/utils/temporada";
import { EnvioBadge } from "./mensagem-envio";
import { useHydrated } from "./use-hydrated";

export type MensagemIntent = "lida" | "nao-lida" | "arquivar" | "desarquivar" | "reenviar";

/**
 * One state change of a message, posted to the message's own address, /admin/mensagens/{id}. A plain form post without
 * JavaScript (back to `back` with a toast); with it, a fetcher when `inPlace`: the list and the
 * admin bar revalidate where they are.
 */
export function MensagemAction({ id, intent, label, back, inPlace = false, className = "btn btn-sm" }: {
  id: number;
  intent: MensagemIntent;
  label: string;
  back: string;
  inPlace?: boolean;
  className?: string;
}) {
  const fetcher = useFetcher<{ ok?: boolean; error?: string }>({ key: `mensagem-${id}-${intent}` });
  const hydrated = useHydrated();
  const FormTag = inPlace ? fetcher.Form : Form;
  return (
    <FormTag method="post" action={`/admin/mensagens/${id}`} className="inline-form" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="back" value={back} />
      {inPlace && hydrated ? <input type="hidden" name="_fetcher" value="1" /> : null}
      <button type="submit" className={className} disabled={fetcher.state !== "idle"}>
        {label}
      </button>
      {fetcher.state === "idle" && fetcher.data?.error ? (
        <span className="error-list" role="alert">
          {fetcher.data.error}
        </span>
      ) : null}
    </FormTag>
  );
}

/** A pending fetcher of this message: what the row should already look like. */
function usePending(id: number) {
  const lida = useFetcher({ key: `mensagem-${id}-lida` });
  const naoLida = useFetcher({ key: `mensagem-${id}-nao-lida` });
  const arquivar = useFetcher({ key: `mensagem-${id}-arquivar` });
  const desarquivar = useFetcher({ key: `mensagem-${id}-desarquivar` });
  const busy = (f: { state: string }) => f.state !== "idle";
  return {
    lida: busy(lida) ? true : busy(naoLida) ? false : undefined,
    arquivada: busy(arquivar) ? true : busy(desarquivar) ? false : undefined,
  };
}

/** A row of /admin/mensagens: who, about which listing, when, read or not, its e-mail, and the actions. */
export function MensagemItem({ m, search }: { m: MensagemView; search: string }) {
  const pending = usePending(m.id);
  const lida = pending.lida ?? m.lida;
  const arquivada = pending.arquivada ?? m.arquivada;
  const back = `/admin/mensagens${search}`;
  const classes = ["inbox-item", lida ? "lida" : "nao-lida", arquivada ? "arquivada" : ""].filter(Boolean).join(" ");
  const excerpt = m.mensagem.length > 160 ? `${m.mensagem.slice(0, 160).trimEnd()}…` : m.mensagem;
  return (
    <li className={classes} data-id={m.id}>
      <div className="inbox-item-head">
        <span className="inbox-dot" aria-hidden="true" />
        <Link to={`/admin/mensagens/${m.id}${search}`} className="inbox-nome">
          {m.nome}
          <span className="sr-only">{lida ? " (lida)" : " (não lida)"}</span>
        </Link>
        <time dateTime={m.createdAt} className="inbox-data">
          {formatDateTime(m.createdAt)}
        </time>
      </div>
      <p className="inbox-contato">
        <a href={`mailto:${m.email}`}>{m.email}</a>
        <span aria-hidden="true"> · </span>
        <span className="inbox-fone">{m.telefone}</span>
      </p>
      {m.imovel ? (
        <p className="inbox-imovel">
          <strong>{m.imovel.codigo}</strong> – {enderecoOf(m.imovel)}
          <Link to={`/imovel/${m.imovel.id}`} className="link-muted">
            ver no site
          </Link>
          <Link to={`/admin/imovelEdit/${m.imovel.id}`} className="link-muted">
            editar
          </Link>
        </p>
      ) : null}
      {m.visita ? (
        <p className="inbox-visita">
          <strong>Visita</strong> {visitaText(m.visita)}
        </p>
      ) : null}
      {m.reserva ? (
        <p className="inbox-visita">
          <strong>Reserva</strong> {estadiaText(m.reserva)}
        </p>
      ) : null}
      {m.captacao ? (
        <p className="inbox-visita">
          <strong>Oferece</strong> {captacaoText(m.captacao)}
          {m.captacao.fotos.length ? ` · ${m.captacao.fotos.length} ${m.captacao.fotos.length === 1 ? "foto" : "fotos"}` : ""}
        </p>
      ) : null}
      {excerpt ? <p className="inbox-excerpt">{excerpt}</p> : null}
      <div className="inbox-item-foot">
        <span className="inbox-badges">
          {lida ? null : <span className="badge badge-nova">Não lida</span>}
          {m.visita ? <span className="badge badge-visita">Visita</span> : null}
          {m.captacao ? <span className="badge badge-visita">Captação</span> : null}
          {m.reserva ? <span className="badge badge-visita">Reserva</span> : null}
          {arquivada ? <span className="badge">Arquivada</span> : null}
          <EnvioBadge envio={m.envio} />
        </span>
        {/* A div: it holds forms, which a span (phrasing content) may not. */}
        <div className="inbox-actions">
          <Link to={`/admin/mensagens/${m.id}${search}`} className="btn btn-sm btn-primary">
            Abrir
          </Link>
          <MensagemAction id={m.id} intent={lida ? "nao-lida" : "lida"} label={lida ? "Marcar como não lida" : "Marcar como lida"} back={back} inPlace />
          <MensagemAction id={m.id} intent={arquivada ? "desarquivar" : "arquivar"} label={arquivada ? "Desarquivar" : "Arquivar"} back={back} inPlace />
          <Link to={`/admin/mensagens/${m.id}/excluir${search}`} className="btn btn-sm btn-danger" preventScrollReset>
            Excluir
          </Link>
        </div>
      </div>
    </li>
  );
}
