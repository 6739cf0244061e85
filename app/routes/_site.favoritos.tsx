import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { Form, Link, useActionData, useLoaderData } from "react-router";
import { ImovelGrid } from "~/components/imovel-card";
import { useFavoritos } from "~/components/favorito-button";
import { backTo, changeFavoritos, favoritosSetCookie, readFavoritos } from "~/http/favoritos.server";
import { formDataOf } from "~/http/forms.server";
import { isSameOriginRequest } from "~/http/request.server";
import { listPublicByIds } from "~/models/listings/imovel.server";
import { parseFavoritos, sharedListPath } from "~/utils/favoritos";
import { codigoFor, shownCard } from "~/utils/imovel";

export const meta: MetaFunction = () => [{ title: "Favoritos | Imobiliária Votuporanga" }, { name: "robots", content: "noindex" }];

/** The visitor's favourites, or a list someone shared (`?ids=`): what is still public, and what is not. */
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const shared = params.has("ids");
  const ids = shared ? parseFavoritos(params.get("ids")) : readFavoritos(request);
  const cards = await listPublicByIds(ids);
  const shown = new Set(cards.map((c) => c.id));
  return { shared, ids, cards: cards.map(shownCard), gone: ids.filter((id) => !shown.has(id)) };
}

/**
 * intent = add | remove | clear, id. A plain form goes back to its page (303); the hearts' fetcher
 * (`inPlace`) gets the new list instead. Only forms of this site may change a visitor's list.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (!isSameOriginRequest(request)) return data({ error: "Pedido de outro site recusado." }, { status: 403 });
  const form = await formDataOf(request);
  const change = await changeFavoritos(form, readFavoritos(request));
  if ("error" in change) return data({ error: change.error }, { status: change.status });
  const headers = { "Set-Cookie": favoritosSetCookie(change.ids) };
  if (form.get("inPlace")) return data({ favoritos: change.ids }, { headers });
  return redirect(backTo(form, request), { status: 303, headers });
}

export default function Favoritos() {
  const { shared, ids, cards, gone } = useLoaderData<typeof loader>();
  const error = (useActionData<typeof action>() as { error?: string } | undefined)?.error;
  const own = useFavoritos();
  return (
    <div className="container section">
      <header className="page-head">
        <h1>{shared ? "Lista de favoritos" : "Meus favoritos"}</h1>
        <p className="lead">
          {shared
            ? "Uma lista de imóveis que alguém compartilhou com você. Toque no coração para guardar um na sua lista."
            : "Os imóveis que você salvou neste navegador, sem cadastro."}
        </p>
      </header>
      {error ? (
        <p className="alert alert-danger" role="alert">
          {error}
        </p>
      ) : null}
      {ids.length === 0 ? (
        <p className="empty-state">
          {shared ? "Esta lista está vazia." : "Você ainda não salvou nenhum imóvel. Toque no coração de um imóvel para guardá-lo aqui."}{" "}
          <Link to="/imoveis">Ver imóveis</Link>
        </p>
      ) : (
        <>
          <p className="result-count">
            {cards.length} {cards.length === 1 ? "imóvel" : "imóveis"}
          </p>
          {cards.length ? (
            <>
              {/* The cards' titles are h3: a heading between them and the page's h1 keeps the order. */}
              <h2 className="sr-only">Imóveis</h2>
              <ImovelGrid cards={cards} />
            </>
          ) : null}
          {gone.length ? (
            <p className="favoritos-gone">
              {gone.length === 1 ? "Não está mais disponível: " : "Não estão mais disponíveis: "}
              {gone.map(codigoFor).join(", ")}.
            </p>
          ) : null}
          {!shared ? (
            <div className="favoritos-actions">
              <Link to={sharedListPath(ids)} className="btn">
                Compartilhar lista
              </Link>
              <Form method="post" action="/favoritos">
                <input type="hidden" name="redirectTo" value="/favoritos" />
                <button type="submit" name="intent" value="clear" className="btn">
                  Limpar
                </button>
              </Form>
            </div>
          ) : own.length ? (
            <p>
              <Link to="/favoritos">Ver a minha lista ({own.length})</Link>
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
