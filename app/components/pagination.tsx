import { Link, useLocation } from "react-router";

function pageHref(search: string, page: number) {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete("page");
  else params.set("page", String(page));
  const qs = params.toString();
  return qs ? `?${qs}` : ".";
}

/** Numbered page links that keep the current filters in the URL. */
export function Pagination({ page, pageCount }: { page: number; pageCount: number }) {
  const { search, pathname } = useLocation();
  if (pageCount <= 1) return null;
  const pages = new Set([1, page - 1, page, page + 1, pageCount].filter((p) => p >= 1 && p <= pageCount));
  const sorted = [...pages].sort((a, b) => a - b);
  const href = (p: number) => {
    const h = pageHref(search, p);
    return h === "." ? pathname : `${pathname}${h}`;
  };
  return (
    <nav className="pagination" aria-label="Paginação">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev">
          ‹ Anterior
        </Link>
      ) : null}
      {sorted.map((p, i) => (
        <span key={p} className="page-item">
          {i > 0 && p - sorted[i - 1] > 1 ? <span className="gap">…</span> : null}
          {p === page ? (
            <span aria-current="page" className="current">
              {p}
            </span>
          ) : (
            <Link to={href(p)} aria-label={`Página ${p}`}>
              {p}
            </Link>
          )}
        </span>
      ))}
      {page < pageCount ? (
        <Link to={href(page + 1)} rel="next">
          Próxima ›
        </Link>
      ) : null}
    </nav>
  );
}
