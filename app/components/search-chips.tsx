import { Link } from "react-router";
import type { Chip } from "~/utils/search-chips";

/**
 * What the list searched for (issue 33), one removable chip per part: each is a plain link to the
 * same list without it, so removing works without JavaScript and the back button puts it back.
 */
export function SearchChips({ chips }: { chips: Chip[] }) {
  if (!chips.length) return null;
  return (
    <div className="search-chips">
      <p className="search-chips-title" id="busca-entendida">
        Sua busca:
      </p>
      <ul aria-labelledby="busca-entendida">
        {chips.map((c) => (
          <li key={c.label}>
            <Link to={c.href} className="chip" aria-label={`Remover ${c.label}`} title={`Remover ${c.label}`}>
              <span>{c.label}</span>
              <span className="chip-x" aria-hidden="true">
                ×
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
