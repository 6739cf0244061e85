import { useFetchers, useSubmit } from "react-router";
import { createContext, useContext, useMemo, type ReactNode } from "react";

type Favoritos = {
  /** the visitor's favourites, newest first (the site layout's data) */
  ids: number[];
  /** hearts being sent, by listing: what they will show once done */
  pending: Map<number, "add" | "remove">;
  toggle: (id: number, on: boolean) => void;
};

const FavoritosContext = createContext<Favoritos>({ ids: [], pending: new Map(), toggle: () => {} });

/**
 * The favourites of the page, read once for all its hearts (issue 22). A heart per card asking the
 * router for its own fetcher cost an admin's render of the home page a quarter of its CPU (15
 * cards; npm run bench:ab); one provider, one useFetchers and one useSubmit for the page cost nothing
 * measurable.
 */
export function FavoritosProvider({ ids, children }: { ids: number[]; children: ReactNode }) {
  const submit = useSubmit();
  const fetchers = useFetchers();
  const value = useMemo(() => {
    const pending = new Map<number, "add" | "remove">();
    for (const f of fetchers) {
      const intent = f.formAction === "/favoritos" ? f.formData?.get("intent") : null;
      if (intent === "add" || intent === "remove") pending.set(Number(f.formData!.get("id")), intent);
    }
    const toggle = (id: number, on: boolean) =>
      submit({ intent: on ? "remove" : "add", id: String(id), inPlace: "1" }, { method: "post", action: "/favoritos", navigate: false, fetcherKey: `favorito-${id}` });
    return { ids, pending, toggle };
  }, [ids, fetchers, submit]);
  return <FavoritosContext.Provider value={value}>{children}</FavoritosContext.Provider>;
}

/** The visitor's favourites, newest first. */
export function useFavoritos(): number[] {
  return useContext(FavoritosContext).ids;
}

/**
 * The heart of a listing (issue 22). Without JavaScript a plain form POST to /favoritos, which sends
 * the visitor back to the page (its Referer); with it, the same fields through a fetcher: in place,
 * shown as done at once. `withText`: the words beside the heart (the property page), not only its name.
 */
export function FavoritoButton({ id, withText = false }: { id: number; withText?: boolean }) {
  const { ids, pending, toggle } = useContext(FavoritosContext);
  const intent = pending.get(id);
  const on = intent ? intent === "add" : ids.includes(id);
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
        toggle(id, on);
      }}
    >
      <input type="hidden" name="id" value={id} />
      <button name="intent" value={on ? "remove" : "add"} className={withText ? "fav-btn" : undefined} aria-pressed={on} aria-label={withText ? undefined : text}>
        {withText ? text : null}
      </button>
    </form>
  );
}
