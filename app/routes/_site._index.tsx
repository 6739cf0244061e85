import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { Link, redirect, useLoaderData, useLocation } from "react-router";
import { BannerImage } from "~/components/banner-image";
import { ImovelGrid } from "~/components/imovel-card";
import { Pagination } from "~/components/pagination";
import { SearchForm } from "~/components/search-form";
import { IgnoredWords, searchWords } from "~/components/search-box";
import { getBanner } from "~/models/listings/banner.server";
import { listHome, listPublic } from "~/models/listings/imovel.server";
import { pageParam } from "~/http/params.server";
import { redirectToCodigo, redirectToUnderstood } from "~/http/search.server";
import { shownCard } from "~/utils/imovel";
import { SLIDER_ANY } from "~/utils/search";
import { homeSearchCriteria, parseHomeSearch, temporadaSearchHref, type HomeSearch } from "~/utils/search-schema";

export const meta: MetaFunction = () => [
  { title: "Imóveis em Votuporanga – locação, venda e temporada" },
  {
    name: "description",
    content: "Casas, apartamentos e imóveis comerciais para alugar, comprar e temporada em Votuporanga/SP.",
  },
];

// produto §7 / §9: the home lists.
export const HOME_LISTS = [
  { status: "Locação", qtd: 6, title: "Imóveis para locação", href: "/locacao" },
  { status: "Venda", qtd: 6, title: "Imóveis à venda", href: "/venda" },
  { status: "Temporada", qtd: 3, title: "Imóveis para temporada", href: "/temporada" },
] as const;

/**
 * The home form's own filters as a list's (issue 33): a sentence in its box opens the list of its
 * status with them, where every filter it understood is shown and can be removed.
 */
function homeListParams(s: HomeSearch) {
  const params = new URLSearchParams();
  if (s.tipo !== "Todos") params.set("tipo", s.tipo);
  if (s.quartos > SLIDER_ANY) params.set("quartos", String(s.quartos));
  if (s.banheiros > SLIDER_ANY) params.set("banheiros", String(s.banheiros));
  return params;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const searched = url.searchParams.has("status") || url.searchParams.has("q");
  const criteria = parseHomeSearch(url.searchParams);
  // Temporada with dates (issue 33): the stay search is /temporada's, with its totals and its errors by field.
  if (criteria.status === "Temporada" && (url.searchParams.get("chegada") || url.searchParams.get("saida"))) throw redirect(temporadaSearchHref(criteria, url.searchParams));
  const bannerRow = await getBanner();
  const banner = bannerRow?.banner ?? null;
  if (searched) {
    await redirectToUnderstood(criteria.q, homeListParams(criteria), criteria.status);
    const searchCriteria = homeSearchCriteria(criteria);
    const found = await listPublic(searchCriteria, { page: pageParam(url.searchParams) });
    redirectToCodigo(searchCriteria, found);
    return { banner, criteria, results: { ...found, data: found.data.map(shownCard) }, lists: null };
  }
  const lists = await Promise.all(
    // Only the cards travel in the page's data: titles and links come from HOME_LISTS on both sides.
    HOME_LISTS.map(async ({ status, qtd }) => (await listHome(status, qtd)).map(shownCard)),
  );
  return { banner, criteria, results: null, lists };
}

export default function Home() {
  const { banner, criteria, results, lists } = useLoaderData<typeof loader>();
  const location = useLocation();
  const { words, ignored } = searchWords(criteria.q);
  return (
    <>
      <section className="hero" aria-label="Destaque">
        {banner ? (
          <BannerImage banner={banner} className="hero-banner" sizes="100vw" alt="Banner da imobiliária" priority hiddenMedia="not all and (min-width: 560px)" />
        ) : null}
        <div className="container hero-inner">
          <h1 className="hero-title">
            Encontre o imóvel certo em <span>Votuporanga</span>
          </h1>
          <SearchForm key={location.search} values={criteria} />
        </div>
      </section>

      <div className="container section">
        {results ? (
          <section aria-labelledby="resultado-titulo">
            <div className="section-head">
              <h2 id="resultado-titulo">Resultado da busca</h2>
              <Link to="/" className="link-muted" preventScrollReset>
                Limpar busca
              </Link>
            </div>
            <IgnoredWords ignored={ignored} />
            {results.total === 0 ? (
              <p className="empty-state">Sua busca não houve resultados!</p>
            ) : (
              <>
                <p className="result-count">
                  {results.total} {results.total === 1 ? "imóvel encontrado" : "imóveis encontrados"}
                </p>
                <ImovelGrid cards={results.data} words={words} />
                <Pagination page={results.page} pageCount={results.pageCount} />
              </>
            )}
          </section>
        ) : lists?.every((cards) => cards.length === 0) ? (
          // A new agency's site (production starts with no listing): one polite line, not three empty lists.
          <section className="empty-site" aria-labelledby="vazio-titulo">
            <h2 id="vazio-titulo">Nenhum imóvel cadastrado ainda</h2>
            <p>
              Os imóveis aparecem aqui assim que forem cadastrados. Procura um imóvel ou quer anunciar o seu?{" "}
              <Link to="/contato">Fale conosco</Link>.
            </p>
          </section>
        ) : (
          lists?.map((cards, i) => ({ ...HOME_LISTS[i], cards })).map((l) => (
            <section key={l.status} className="home-list" aria-labelledby={`lista-${l.href.slice(1)}`}>
              <div className="section-head">
                <h2 id={`lista-${l.href.slice(1)}`}>{l.title}</h2>
                <Link to={l.href} className="link-muted">
                  Ver mais
                </Link>
              </div>
              {l.cards.length ? <ImovelGrid cards={l.cards} /> : <p className="empty-state">Nenhum imóvel no momento.</p>}
            </section>
          ))
        )}
        <p className="center">
          <Link to="/imoveis" className="btn btn-primary btn-lg">
            VER TODOS IMÓVEIS
          </Link>
        </p>
      </div>
    </>
  );
}
