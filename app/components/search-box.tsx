import { parseTextSearch, Q_MAX } from "~/utils/text-search";

export const Q_LABEL = "Buscar por bairro, rua ou código";

/** The search box (issue 22): a plain GET field `q`, in whichever form it sits. */
export function SearchBox({ id, defaultValue }: { id: string; defaultValue?: string }) {
  return (
    <div className="field search-box">
      <label htmlFor={id}>{Q_LABEL}</label>
      <input
        id={id}
        type="search"
        name="q"
        maxLength={Q_MAX}
        defaultValue={defaultValue ?? ""}
        placeholder="Ex.: casa 3 quartos Jardim Marin até 500 mil, ou VT0042"
        enterKeyHint="search"
        autoComplete="off"
      />
    </div>
  );
}

/** The words a list's cards highlight, and the typed words the search left out, from `q`. */
export function searchWords(q: string | undefined) {
  const text = parseTextSearch(q);
  return { words: text.kind === "words" ? text.words : [], ignored: text.kind === "codigo" ? [] : text.ignored };
}

/** Says which typed words the search could not use (too short, or too common), so none vanish silently. */
export function IgnoredWords({ ignored }: { ignored: string[] }) {
  if (!ignored.length) return null;
  return (
    <p className="search-note">
      {ignored.length === 1 ? "Palavra ignorada na busca" : "Palavras ignoradas na busca"} (curtas ou muito comuns):{" "}
      {ignored.join(", ")}
    </p>
  );
}
