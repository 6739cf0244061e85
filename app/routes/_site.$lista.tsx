import { redirect } from "react-router";
import { ImovelListPage } from "~/components/imovel-list-page";
import { alertasAvailable } from "~/http/alertas.server";
import { redirectToCodigo, redirectToUnderstood } from "~/http/search.server";
import { listBairros, listPublic } from "~/models/listings/imovel.server";
import { estadiaQuery, withStayTotals } from "~/http/temporada.server";
import { shownCard } from "~/utils/imovel";
import { LIST_PAGES } from "~/utils/list-pages";
import { listFilterCriteria, parseListFilter } from "~/utils/search-schema";
import type { Route } from "./+types/_site.$lista";

export const meta = ({ loaderData }: Route.MetaArgs) =>
  loaderData
    ? [
        { title: `${loaderData.lista.title} | Imobiliária Votuporanga` },
        { name: "description", content: loaderData.lista.intro },
      ]
    : [];

/** /imoveis and the three status pages. */
export async function loader({ params, url }: Route.LoaderArgs) {
  const lista = Object.hasOwn(LIST_PAGES, params.lista ?? "") ? LIST_PAGES[params.lista!] : undefined;
  // Any other one-segment path is unknown: produto §2 sends it home.
  if (!lista) throw redirect("/");
  const filter = parseListFilter(url.searchParams);
  await redirectToUnderstood(filter.q, url.searchParams, lista.status);
  // /temporada?chegada=…&saida=…&hospedes=…: only the listings free for the whole stay (issue 33).
  const estadia = lista.status === "Temporada" ? await estadiaQuery(url.searchParams) : null;
  const criteria = { ...listFilterCriteria(filter, lista.status), ...(estadia?.criteria ? { estadia: estadia.criteria } : {}) };
  const [found, bairros] = await Promise.all([listPublic(criteria, { page: filter.page, sort: filter.ordem }), listBairros()]);
  redirectToCodigo(criteria, found);
  const data = await withStayTotals(found.data.map(shownCard), estadia?.criteria);
  return { lista, filter, page: { ...found, data }, bairros, estadia: estadia?.view, alertas: alertasAvailable() };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ImovelListPage {...loaderData} />;
}
