import { Link, useLocation } from "react-router";
import { whatsappPath } from "~/utils/whatsapp";
import type { Agency } from "~/utils/agency";
import { useFavoritos } from "./favorito-button";

const NAV = [
  { to: "/", label: "Início", end: true },
  { to: "/imoveis", label: "Imóveis" },
  { to: "/locacao", label: "Locação" },
  { to: "/venda", label: "Venda" },
  { to: "/temporada", label: "Temporada" },
  { to: "/sobre", label: "Sobre" },
  { to: "/anuncie", label: "Anuncie" },
  { to: "/contato", label: "Contato" },
];

export function WhatsAppIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="currentColor">
      <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.3-.4.3-.4.7-1.4.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6.5-.1 1.5-.6 1.7-1.2.2-.6.2-1.1.2-1.2-.1-.2-.3-.2-.5-.3Z" />
    </svg>
  );
}

/** NavLink's rule: the path itself, or (unless `end`) a path below it; letter case aside. */
export function navActive(pathname: string, to: string, end = false) {
  const here = pathname.toLowerCase();
  return here === to || (!end && here.startsWith(`${to}/`));
}

/** 'Favoritos (N)' (issue 22): a heart with the count as a badge; the word shows where there is room. */
function FavoritosLink({ active }: { active: boolean }) {
  const n = useFavoritos().length;
  return (
    <Link to="/favoritos" className="fav-link" title="Favoritos" aria-current={active ? "page" : undefined}>
      <span className="fav-word">Favoritos</span>
      {n ? (
        <>
          <span className="sr-only">{` (${n})`}</span>
          <span className="fav-badge" aria-hidden="true">
            {n}
          </span>
        </>
      ) : null}
    </Link>
  );
}

export function SiteHeader({ agency }: { agency: Agency }) {
  // Plain Links and one useLocation for the eight, not eight NavLinks: each NavLink resolves its
  // path and reads the router's state again, ~7 % of an uncached page's CPU on the server (issue 11).
  const { pathname } = useLocation();
  const links = NAV.map((n) => {
    const active = navActive(pathname, n.to, n.end);
    return (
      <li key={n.to}>
        {/* No class="" on the inactive links (as NavLink rendered them). */}
        <Link to={n.to} prefetch="intent" aria-current={active ? "page" : undefined} className={active ? "active" : undefined}>
          {n.label}
        </Link>
      </li>
    );
  });
  return (
    <header className="site-header">
      <div className="container header-row">
        {/* The link's name is its visible text and then where it goes (WCAG 2.5.3, label in name:
            an aria-label without "Votuporanga · SP" would hide from speech users what they read). */}
        <Link to="/" className="logo">
          <img src="/logo.svg" alt="" width="40" height="40" />
          <span>
            <strong>{agency.name}</strong>
            <small>Votuporanga · SP</small>
            <span className="sr-only"> – página inicial</span>
          </span>
        </Link>
        {/* One nav for every width (issue 11: the home page ≤ 25 KB). On phones it is a drop-down that
            this <details> opens without JavaScript (base.css: .nav-toggle[open] + .nav-main). */}
        <details className="nav-toggle">
          <summary>
            <span className="burger" aria-hidden="true" />
            <span className="menu-text">Menu</span>
          </summary>
        </details>
        <nav aria-label="Principal" className="nav-main">
          <ul>{links}</ul>
        </nav>
        <FavoritosLink active={navActive(pathname, "/favoritos")} />
        {/* On phones only the icon shows (the number is hidden): the label keeps the link named. */}
        <a className="whatsapp-link" href={whatsappPath()} target="_blank" rel="noopener noreferrer" aria-label={`WhatsApp ${agency.phone}`}>
          <span>{agency.phone}</span>
        </a>
      </div>
    </header>
  );
}
