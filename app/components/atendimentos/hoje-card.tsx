import { Form, Link } from "react-router";
import { origemOf, type AtendimentoCard } from "~/utils/atendimento";
import { formatDateTime } from "~/utils/format";

type Hoje = { retornos: AtendimentoCard[]; novos: AtendimentoCard[]; novosTotal: number };

/** 'Hoje' on 'Home admin' (issue 34): my follow-ups due today and overdue, and the new leads with no owner. */
export function HojeCard({ hoje }: { hoje: Hoje }) {
  return (
    <section className="dash-card dash-hoje" aria-labelledby="dash-hoje">
      <h2 id="dash-hoje">Hoje</h2>
      <div className="dash-hoje-grid">
        <div>
          <h3>Meus retornos</h3>
          {hoje.retornos.length ? (
            <ul className="hoje-list" aria-label="Meus retornos">
              {hoje.retornos.map((c) => (
                <li key={c.id} className={c.atrasado ? "hoje-atrasado" : undefined}>
                  <Link to={`/admin/atendimentos/${c.id}`}>{c.nome}</Link> <span className="badge">{c.etapa}</span>
                  <span className="hoje-when">
                    {c.atrasado ? "Atrasado · " : ""}
                    <time dateTime={c.retornarEm ?? undefined}>{c.retornarEm ? formatDateTime(c.retornarEm) : ""}</time>
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="hint">Nenhum retorno para hoje.</p>
          )}
          <Link to="/admin/atendimentos?filtro=atrasados">Ver atrasados</Link>
        </div>
        <div>
          <h3>
            Novos sem responsável <span className="atd-count">{hoje.novosTotal}</span>
          </h3>
          {hoje.novos.length ? (
            <ul className="hoje-list" aria-label="Novos sem responsável">
              {hoje.novos.map((c) => (
                <li key={c.id}>
                  <Link to={`/admin/atendimentos/${c.id}`}>{c.nome}</Link> <span className="badge">{origemOf(c.tipo)}</span>
                  {c.imovelCodigo ? <span className="badge">{c.imovelCodigo}</span> : null}
                  <Form method="post" action={`/admin/atendimentos/${c.id}`} className="hoje-assumir">
                    <input type="hidden" name="intent" value="assumir" />
                    <input type="hidden" name="back" value="/admin" />
                    <button type="submit" className="btn btn-sm" aria-label={`Assumir o atendimento de ${c.nome}`}>
                      Assumir
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
          ) : (
            <p className="hint">Nenhum lead novo sem responsável.</p>
          )}
          <Link to="/admin/atendimentos?filtro=sem-responsavel">Ver todos</Link>
        </div>
      </div>
    </section>
  );
}
