import { useFetcher, useRouteLoaderData } from "@remix-run/react";

/** The visitor's favourites, from the site layout's data (routes/_site.tsx), newest first. */
export function useFavoritos(): number[] {
  return useRouteLoaderData<{ favoritos?: number[] }>("routes/_site")?.favoritos ?? [];
}

/**
 * The heart of a listing (issue 22). Without JavaScript a plain form POST to /favoritos, which sends
 * the visitor back to the page (its Referer); with it, the same fields through a fetcher: in place,
 * shown as done at once. `withText`: the words beside the heart (the property page), not only its name.
 */
export function FavoritoButton({ id, withText = false }: { id: number; withText?: boolean }) {
  const saved = useFavoritos().includes(id);
  // One fetcher per listing: every heart of the same listing on a page shows the same state.
  const fetcher = useFetcher({ key: `favorito-${id}` });
  const pending = fetcher.formData?.get("intent");
  const on = pending ? pending === "add" : saved;
  const text = on ? "Remover dos favoritos" : "Salvar nos favoritos";
  return (
    // A card's heart carries no class (visitor.css finds it as `.card > form`): fifteen of them sit on
    // the home page, whose HTML has a budget (issue 11).
    <form
      method="post"
      action="/favoritos"
      className={withText ? "fav-form fav-form-text" : undefined}
      onSubmit={(e) => {
        e.preventDefault();
        fetcher.submit({ intent: on ? "remove" : "add", id: String(id), inPlace: "1" }, { method: "post", action: "/favoritos" });
      }}
    >
      <input type="hidden" name="id" value={id} />
      <button name="intent" value={on ? "remove" : "add"} className={withText ? "fav-btn" : undefined} aria-pressed={on} aria-label={withText ? undefined : text}>
        {withText ? text : null}
      </button>
    </form>
  );
}
