import { Form, Link, useLoaderData, useLocation } from "react-router";
import { AtendimentoCard } from "~/components/atendimentos/atendimento-card";
import { useDragBetweenColumns } from "~/components/atendimentos/use-drag-columns";
import { boardQueryOf } from "~/http/atendimento.server";
import { requireAdmin } from "~/http/auth.server";
import { atendimentoBoard } from "~/models/atendimentos/atendimento-board.server";
import { ATENDIMENTO_FILTROS, CARDS_PER_COLUMN, ORIGENS } from "~/utils/atendimento";
import styles from "~/styles/admin-atendimentos.css?url";
import type { Route } from "./+types/admin.atendimentos";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: Route.MetaFunction = () => [{ title: "Atendimentos | Painel Administrativo" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  const query = boardQueryOf(request);
  return { query, columns: await atendimentoBoard(query, user.id) };
}

/** /admin/atendimentos (issue 34): one column per stage, with its count, under the filters. */
export default function Atendimentos() {
  const { query, columns } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const back = `/admin/atendimentos${search}`;
  const { ref: boardRef, error: dropError } = useDragBetweenColumns(back);
  const filterHref = (value: string) => {
    const p = new URLSearchParams(search);
    p.set("filtro", value);
    return `/admin/atendimentos?${p}`;
  };
  return (
    <>
      <div className="admin-head">
        <h1>Atendimentos</h1>
        <a href={`/admin/atendimentos.csv${search}`} className="btn" download>
          Exportar CSV
        </a>
      </div>
      <div className="admin-tools atd-tools">
        <nav className="quick-filter" aria-label="Filtrar atendimentos">
          {ATENDIMENTO_FILTROS.map((f) => (
            <Link key={f.value} to={filterHref(f.value)} aria-current={query.filtro === f.value ? "page" : undefined}>
              {f.label}
            </Link>
          ))}
        </nav>
        <Form method="get" className="atd-filter-form">
          <input type="hidden" name="filtro" value={query.filtro} />
          <label htmlFor="atd-imovel">Imóvel</label>
          <input id="atd-imovel" name="imovel" placeholder="VT0042" defaultValue={query.imovel} size={8} />
          <label htmlFor="atd-origem">Origem</label>
          <select id="atd-origem" name="origem" defaultValue={query.origem}>
            <option value="">Todas</option>
            {ORIGENS.map((o) => (
              <option key={o.tipo} value={o.tipo}>
                {o.label}
              </option>
            ))}
          </select>
          <button type="submit" className="btn">
            Filtrar
          </button>
        </Form>
      </div>
      <div className="atd-board" ref={boardRef}>
        {columns.map((col) => (
          <section key={col.etapa} className="atd-col" aria-labelledby={`col-${col.etapa}`} data-etapa={col.etapa}>
            <h2 id={`col-${col.etapa}`} className="atd-col-title">
              {col.etapa} <span className="atd-count">{col.total}</span>
            </h2>
            {col.cards.length ? (
              <ul className="atd-cards" aria-label={col.etapa}>
                {col.cards.map((c) => (
                  <AtendimentoCard key={c.id} c={c} back={back} />
                ))}
              </ul>
            ) : (
              <p className="hint atd-empty">Nenhum.</p>
            )}
            {col.total > col.cards.length ? (
              <p className="hint">
                Mostrando os {CARDS_PER_COLUMN} mais recentes de {col.total}.
              </p>
            ) : null}
          </section>
        ))}
      </div>
      {dropError ? (
        <p className="alert alert-danger" role="alert">
          {dropError}
        </p>
      ) : null}
    </>
  );
}
