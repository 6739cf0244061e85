import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "react-router";
import { Form, Link, NavLink, Outlet, useLoaderData, useLocation, type ShouldRevalidateFunction } from "react-router";
import { requireAdmin } from "~/http/auth.server";
import { openingMensagemId } from "~/http/inbox.server";
import { countUnread } from "~/models/messages/mensagem-inbox.server";
import styles from "~/styles/admin.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [
  { title: "Painel Administrativo" },
  { name: "robots", content: "noindex" },
];

// Children without their own `headers` inherit these: no indexing, no shared caches.
export const headers: HeadersFunction = () => ({
  "X-Robots-Tag": "noindex",
  "Cache-Control": "private, no-store",
});

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  return { email: user.email, mustChangePassword: user.mustChangePassword, unread: await countUnread(openingMensagemId(request)) };
}

// 'Mensagens (N)' must follow every screen change (a message opened, one arriving meanwhile),
// not only form posts: this loader is one indexed COUNT.
export const shouldRevalidate: ShouldRevalidateFunction = () => true;

export default function AdminLayout() {
  const { email, mustChangePassword, unread } = useLoaderData<typeof loader>();
  const location = useLocation();
  const nav = [
    { to: "/admin/imovel", label: "Imoveis" },
    { to: "/admin/atendimentos", label: "Atendimentos" },
    { to: "/admin/mensagens", label: unread ? `Mensagens (${unread})` : "Mensagens", title: `${unread} não ${unread === 1 ? "lida" : "lidas"}` },
    { to: "/admin/banner", label: "Banner" },
    { to: "/admin/portais", label: "Portais" },
    { to: "/admin/importar", label: "Importar" },
    { to: "/admin/historico", label: "Histórico" },
    { to: "/admin/usuarios", label: "Usuários" },
    { to: "/admin/dados-pessoais", label: "Dados pessoais", title: "Dados de uma pessoa (LGPD)" },
  ];
  return (
    <div className="admin">
      <header className="admin-bar">
        <div className="admin-bar-row">
          <Link to="/admin" className="admin-title">
            Painel Administrativo
          </Link>
          {/* Below 1100 px the bar is a menu this <details> opens without JavaScript, as the public
              header's (admin.css: .admin-menu-toggle[open] + .admin-menu); the links, the e-mail,
              'Alterar senha' and SAIR are in it. NavLink marks the current page (aria-current). */}
          <details className="admin-menu-toggle">
            <summary>
              <span className="burger" aria-hidden="true" />
              Menu
            </summary>
          </details>
          <div className="admin-menu">
            {/* Until an admin with a one-time password chooses their own, no other screen opens (requireAdmin). */}
            <nav aria-label="Painel" hidden={mustChangePassword}>
              <ul>
                {nav.map((n) => (
                  <li key={n.to}>
                    <NavLink to={n.to} prefetch="intent" title={n.title}>
                      {n.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            <span className="admin-user" title={email}>
              {email}
            </span>
            <Link to="/admin/senha" className="admin-password-link">
              Alterar senha
            </Link>
            <Form method="post" action="/logout">
              <button type="submit" className="btn btn-sm admin-logout">
                SAIR
              </button>
            </Form>
          </div>
        </div>
      </header>
      {/* Keyed on the screen (/admin/imovel), not the full path, so opening a modal child does not re-slide the list. */}
      <main id="conteudo" key={location.pathname.split("/").slice(0, 3).join("/")} className="admin-main admin-slide">
        <Outlet />
      </main>
    </div>
  );
}
