import { Form, Link, useLocation } from "react-router";
import { TIPOS } from "~/utils/enums";
import type { CardShown } from "~/utils/imovel";
import type { ListPage } from "~/utils/list-pages";
import { shownSort, SORTS, type Sort } from "~/utils/search";
import type { ListFilter } from "~/utils/search-schema";
import { ImovelGrid } from "./imovel-card";
import { AlertaForm } from "./alerta-form";
import { Pagination } from "./pagination";
import { IgnoredWords, SearchBox, searchWords } from "./search-box";
import { SearchChips } from "./search-chips";
import { searchChips } from "~/utils/search-chips";
import { EstadiaFields } from "./estadia-fields";
import type { EstadiaQueryView } from "~/utils/temporada";

type Props = {
  lista: ListPage;
  filter: ListFilter;
  page: { data: CardShown[]; total: number; page: number; pageCount: number; capped?: boolean };
  bairros: string[];
  /** /temporada's stay (issue 33): the dates as sent, their errors, the nights when valid */
  estadia?: EstadiaQueryView | null;
  /** Whether the site sends e-mail alerts (SMTP_URL): the form 'Receber novidades desta busca'. */
  alertas?: boolean;
};

const COUNT_OPTIONS = [1, 2, 3, 4, 5];

function MinCountSelect({ name, label, value }: { name: string; label: string; value?: number }) {
  // A sentence may ask for more than the list offers ("6 quartos"): its value stays selectable.
  const options = value && !COUNT_OPTIONS.includes(value) ? [...COUNT_OPTIONS, value] : COUNT_OPTIONS;
  return (
    <div className="field">
      <label htmlFor={`f-${name}`}>{label}</label>
      <select id={`f-${name}`} name={name} defaultValue={value ?? ""}>
        <option value="">Qualquer</option>
        {options.map((n) => (
          <option key={n} value={n}>
            {n}+
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The order's options. The default one has no value, so a form sent with it leaves the order to the
 * search (shownSort): words typed on a page opened without them still get the best matches first.
 */
function sortOptions(words: boolean): [string, string][] {
  const picks = (Object.keys(SORTS) as Sort[]).filter((s) => s !== "relevancia" && (words || s !== "recentes"));
  return [["", SORTS[shownSort(undefined, words)]], ...picks.map((s): [string, string] => [s, SORTS[s]])];
}
const ordemValue = (ordem: Sort | undefined, words: boolean) => (ordem && ordem !== shownSort(undefined, words) ? shownSort(ordem, words) : "");

/** /imoveis, /locacao, /venda, /temporada (produto §2): filters, sort, cards, pages. */
export function ImovelListPage({ lista, filter, page, bairros, estadia, alertas }: Props) {
  const { title, intro } = lista;
  const { search, pathname } = useLocation();
  // The filters open when one is set (the search box sits outside them).
  const filtered = [...new URLSearchParams(search).keys()].some((k) => !["page", "ordem", "q", "chegada", "saida", "hospedes"].includes(k));
  const { words, ignored } = searchWords(filter.q);
  const chips = searchChips(pathname, search, lista.status);
  return (
    <div className="container section">
      <header className="page-head">
        <h1>{title}</h1>
        <p className="lead">{intro}</p>
      </header>
      {/* One GET form: the search box and the filters travel together, so each keeps the other. */}
      <Form method="get" className="list-search" key={search} role="search" aria-label="Buscar imóveis">
        <div className="search-row">
          <SearchBox id="f-q" defaultValue={filter.q} />
          <button type="submit" className="btn btn-primary">
            Buscar
          </button>
        </div>
        {/* What the search is, right under the box: on a phone the open filters would push it below the fold. */}
        <SearchChips chips={chips} />
        {estadia ? <EstadiaFields estadia={estadia} /> : null}
        <details className="filters" open={filtered || undefined}>
          <summary>Filtrar e ordenar</summary>
          <div className="filters-form">
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
            <MinCountSelect name="suites" label="Suítes" value={filter.suites} />
            <MinCountSelect name="banheiros" label="Banheiros" value={filter.banheiros} />
            <MinCountSelect name="vagas" label="Vagas" value={filter.vagas} />
            <div className="field">
              <label htmlFor="f-ordem">Ordenar por</label>
              <select id="f-ordem" name="ordem" defaultValue={ordemValue(filter.ordem, words.length > 0)}>
                {sortOptions(words.length > 0).map(([value, label]) => (
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
              {filtered || filter.q ? (
                <Link to={pathname} className="btn">
                  Limpar
                </Link>
              ) : null}
            </div>
          </div>
        </details>
      </Form>
      <IgnoredWords ignored={ignored} />
      <p className="result-count" aria-live="polite">
        {page.total === 0
          ? "Nenhum imóvel encontrado."
          : `${page.capped ? "Mais de " : ""}${page.total} ${page.total === 1 ? "imóvel" : "imóveis"} · página ${page.page} de ${page.pageCount}`}
      </p>
      {page.capped ? (
        <p className="search-note">
          Palavra muito comum: mostramos os {page.total} primeiros. Acrescente um filtro ou outra palavra para ver outros.
        </p>
      ) : null}
      {page.total === 0 ? (
        <p className="empty-state">
          {estadia?.diarias ? "Nenhum imóvel livre nessas datas para esse número de hóspedes." : filter.q ? "Nenhum imóvel corresponde à sua busca." : filtered ? "Nenhum imóvel corresponde aos filtros escolhidos." : "Nenhum imóvel cadastrado ainda."}
        </p>
      ) : (
        <>
          {/* The cards' titles are h3: a heading between them and the page's h1 keeps the order. */}
          <h2 className="sr-only">Resultados</h2>
          <ImovelGrid cards={page.data} eagerCount={3} words={words} />
        </>
      )}
      <Pagination page={page.page} pageCount={page.pageCount} />
      {alertas ? <AlertaForm busca={pathname + search} /> : null}
    </div>
  );
}
