import { Link } from "react-router";
import { formatDateTime } from "~/utils/format";
import { shortValue, type HistoricoEntry } from "~/utils/historico";

/** One entry of /admin/historico: when, who, from where, what, and for an edit each field old → new. */
export function HistoricoItem({ e }: { e: HistoricoEntry }) {
  return (
    <li className="inbox-item historico-item" data-acao={e.acao}>
      <div className="inbox-item-head">
        <span className="badge">{e.acaoLabel}</span>
        <span className="inbox-data">
          <time dateTime={new Date(e.em).toISOString()}>{formatDateTime(e.em)}</time>
        </span>
      </div>
      {/* A login says all in its badge and its line of who and where: no empty "what" under it. */}
      {e.imovelId != null || e.resumo ? (
        <p className="historico-what">
          {e.imovelId != null && e.imovelExiste ? (
            <Link to={`/admin/imovelEdit/${e.imovelId}`}>{e.resumo ?? `Imóvel #${e.imovelId}`}</Link>
          ) : (
            (e.resumo ?? `Imóvel #${e.imovelId}`)
          )}
        </p>
      ) : null}
      {e.mudancas.length ? (
        <ul className="historico-mudancas" aria-label="Campos alterados">
          {e.mudancas.map((m) => (
            <li key={m.campo}>
              <strong>{m.campo}:</strong> <span className="de">{shortValue(m.de)}</span> → <span className="para">{shortValue(m.para)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="inbox-contato">
        {e.usuarioEmail ?? "Sistema"}
        {e.ip ? <span className="historico-ip"> · {e.ip}</span> : null}
      </p>
    </li>
  );
}
