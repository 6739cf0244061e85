import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLoaderData,
  useRouteError,
} from "@remix-run/react";
import { data } from "@remix-run/node";
import { useEffect } from "react";
import { getToast } from "remix-toast";
import { Preloader } from "./components/preloader";
import { Toaster } from "./components/toaster";
import styles from "./styles/app.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [
  { title: "Imobiliária em Votuporanga – imóveis para locação, venda e temporada" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { toast, headers } = await getToast(request);
  return data({ toast: toast ?? null }, { headers });
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f3d5e" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>();
  // Lets browser tests (and CSS) know React has taken over the server HTML.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <>
      <Outlet />
      <Toaster toast={toast} />
      <Preloader />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <main className="error-page container">
      <h1>{status === 404 ? "Página não encontrada" : "Algo deu errado"}</h1>
      <p>
        {status === 404
          ? "O endereço que você procurou não existe."
          : "Tivemos um problema ao carregar esta página. Tente novamente em instantes."}
      </p>
      <p>
        <Link className="btn" to="/">
          Voltar ao início
        </Link>
      </p>
    </main>
  );
}
