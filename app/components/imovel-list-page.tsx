import { Form, Link, useLocation } from "@remix-run/react";
import { TIPOS } from "~/utils/enums";
import type { CardShown } from "~/utils/imovel";
import type { ListPage } from "~/utils/list-pages";
import { SORTS } from "~/utils/search";
import type { ListFilter } from "~/utils/search-schema";
import { ImovelGrid } from "./imovel-card";
import { Pagination } from "./pagination";

type Props = {
  lista: ListPage;
  filter: ListFilter;
  page: { data: CardShown[]; total: number; page: number; pageCount: number };
  bairros: string[];
};

const COUNT_OPTIONS = [1, 2, 3, 4, 5];

function MinCountSelect({ name, label, value }: { name: string; label: string; value?: number }) {
  return (
    <div className="field">
      <label htmlFor={`f-${name}`}>{label}</label>
      <select id={`f-${name}`} name={name} defaultValue={value ?? ""}>
        <option value="">Qualquer</option>
        {COUNT_OPTIONS.map((n) => (
          <option key={n} value={n}>
            {n}+
          </option>
        ))}
      </select>
    </div>
  );
}

/** /imoveis, /locacao, /venda, /temporada (produto §2): filters, sort, cards, pages. */
export function ImovelListPage({ lista, filter, page, bairros }: Props) {
  const { title, intro } = lista;
  const { search, pathname } = useLocation();
  const filtered = [...new URLSearchParams(search).keys()].some((k) => k !== "page" && k !== "ordem");
  return (
    <div className="container section">
      <header className="page-head">
        <h1>{title}</h1>
        <p className="lead">{intro}</p>
      </header>
      <details className="filters" open={filtered || undefined}>
        <summary>Filtrar e ordenar</summary>
        <Form method="get" className="filters-form" key={search}>
          <div className="field">
            <label htmlFor="f-tipo">Tipo</label>
            <select id="f-tipo" name="tipo" defaultValue={filter.tipo ?? ""}>
              <option value="">Todos</option>
              {TIPOS.map((t) => (
                <option key={t}>{t}</option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="f-bairro">Bairro</label>
            <select id="f-bairro" name="bairro" defaultValue={filter.bairro ?? ""}>
              <option value="">Todos</option>
              {bairros.map((b) => (
                <option key={b}>{b}</option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="f-min">Preço mínimo (R$)</label>
            <input id="f-min" type="text" name="preco_min" inputMode="numeric" defaultValue={filter.preco_min ?? ""} />
          </div>
          <div className="field">
            <label htmlFor="f-max">Preço máximo (R$)</label>
            <input id="f-max" type="text" name="preco_max" inputMode="numeric" defaultValue={filter.preco_max ?? ""} />
          </div>
          <MinCountSelect name="quartos" label="Quartos" value={filter.quartos} />
          <MinCountSelect name="banheiros" label="Banheiros" value={filter.banheiros} />
          <div className="field">
            <label htmlFor="f-ordem">Ordenar por</label>
            <select id="f-ordem" name="ordem" defaultValue={filter.ordem}>
              {Object.entries(SORTS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <div className="filters-actions">
            <button type="submit" className="btn btn-primary">
              Aplicar
            </button>
            {filtered ? (
              <Link to={pathname} className="btn">
                Limpar
              </Link>
            ) : null}
          </div>
        </Form>
      </details>
      <p className="result-count" aria-live="polite">
        {page.total === 0
          ? "Nenhum imóvel encontrado."
          : `${page.total} ${page.total === 1 ? "imóvel" : "imóveis"} · página ${page.page} de ${page.pageCount}`}
      </p>
      {page.total === 0 ? (
        <p className="empty-state">{filtered ? "Nenhum imóvel corresponde aos filtros escolhidos." : "Nenhum imóvel cadastrado ainda."}</p>
      ) : (
        <>
          {/* The cards' titles are h3: a heading between them and the page's h1 keeps the order. */}
          <h2 className="sr-only">Resultados</h2>
          <ImovelGrid cards={page.data} eagerCount={3} />
        </>
      )}
      <Pagination page={page.page} pageCount={page.pageCount} />
    </div>
  );
}
