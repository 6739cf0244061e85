import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, NavLink, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { requireAdmin } from "~/http/auth.server";
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
  return { email: user.email };
}

const NAV = [
  { to: "/admin/imovel", label: "Imoveis" },
  { to: "/admin/banner", label: "Banner" },
];

export default function AdminLayout() {
  const { email } = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <div className="admin">
      <header className="admin-bar">
        <div className="admin-bar-row">
          <span className="admin-title">Painel Administrativo</span>
          <nav aria-label="Painel">
            <ul>
              {NAV.map((n) => (
                <li key={n.to}>
                  <NavLink to={n.to} prefetch="intent">
                    {n.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <span className="admin-user" title={email}>
            {email}
          </span>
          <Form method="post" action="/logout">
            <button type="submit" className="btn btn-sm admin-logout">
              SAIR
            </button>
          </Form>
        </div>
      </header>
      {/* Keyed on the screen (/admin/imovel), not the full path, so opening a modal child does not re-slide the list. */}
      <main id="conteudo" key={location.pathname.split("/").slice(0, 3).join("/")} className="admin-main admin-slide">
        <Outlet />
      </main>
    </div>
  );
}
