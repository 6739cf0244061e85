import { Form, Link } from "react-router";
import { ETAPAS, origemOf, type AtendimentoCard as Card } from "~/utils/atendimento";
import { formatDateTime } from "~/utils/format";

/**
 * One card of the board: who, from where, about which listing, whose, when to call back; 'Assumir'
 * when nobody has it, and 'Mover para' another stage (plain posts; 'Perdido' opens the card's page,
 * which asks for the motive).
 */
export function AtendimentoCard({ c, back }: { c: Card; back: string }) {
  return (
    <li className={`atd-card${c.atrasado ? " atd-card-atrasado" : ""}`} data-id={c.id} draggable>
      <p className="atd-card-head">
        <Link to={`/admin/atendimentos/${c.id}`} className="atd-card-nome">
          {c.nome}
        </Link>
        <span className="badge">{origemOf(c.tipo)}</span>
        {c.imovelCodigo ? <span className="badge badge-imovel">{c.imovelCodigo}</span> : null}
      </p>
      <p className="atd-card-line">
        <span>{c.responsavel ?? "Sem responsável"}</span>
        {c.retornarEm ? (
          <span className={c.atrasado ? "atd-atrasado" : undefined}>
            {c.atrasado ? "Atrasado: " : "Retornar "}
            <time dateTime={c.retornarEm}>{formatDateTime(c.retornarEm)}</time>
          </span>
        ) : (
          <time className="hint" dateTime={c.createdAt}>
            {formatDateTime(c.createdAt)}
          </time>
        )}
      </p>
      <div className="atd-card-actions">
        {c.responsavel ? null : (
          <Form method="post" action={`/admin/atendimentos/${c.id}`}>
            <input type="hidden" name="intent" value="assumir" />
            <input type="hidden" name="back" value={back} />
            <button type="submit" className="btn btn-sm" aria-label={`Assumir o atendimento de ${c.nome}`}>
              Assumir
            </button>
          </Form>
        )}
        <Form method="post" action={`/admin/atendimentos/${c.id}`} className="atd-move">
          <input type="hidden" name="intent" value="etapa" />
          <input type="hidden" name="back" value={back} />
          <label htmlFor={`mover-${c.id}`} className="sr-only">
            Mover {c.nome} para
          </label>
          <select id={`mover-${c.id}`} name="etapa" defaultValue={c.etapa}>
            {ETAPAS.map((e) => (
              <option key={e} value={e}>
                {e}
              </option>
            ))}
          </select>
          <button type="submit" className="btn btn-sm">
            Mover
          </button>
        </Form>
      </div>
    </li>
  );
}
