import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "react-router";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useLocation } from "react-router";
import { data } from "react-router";
import { useEffect, useLayoutEffect, useRef } from "react";
import { getToast } from "remix-toast";
import { ErrorPage } from "./components/error-page";
import { TOAST_COOKIE } from "./http/cookies.server";
import { HydrationGate } from "./components/hydration-gate";
import { useNonce } from "./components/nonce";
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
  // Without a pending toast there is nothing to read or clear: the page then sets no cookie, so it
  // can be shared by the page cache and any proxy in front (reading would re-set an empty session).
  if (!request.headers.get("Cookie")?.includes(`${TOAST_COOKIE}=`)) return data({ toast: null });
  const { toast, headers } = await getToast(request);
  return data({ toast: toast ?? null }, { headers });
}

export function Layout({ children }: { children: React.ReactNode }) {
  // The CSP allows only scripts with this response's nonce (server/security.ts), or by hash in a shared page.
  const nonce = useNonce();
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
        <ScrollRestoration nonce={nonce} />
        <HydrationGate nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

// Layout effects never run on the server; this one only after a navigation anyway.
const useClientLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

/**
 * From the first client-side navigation to another path on, <html data-navigated>: the new page's
 * content then fades in (base.css .page-enter). Set before the browser styles the new <main>, so
 * its animation starts from the beginning.
 */
function useNavigatedFlag() {
  const { pathname } = useLocation();
  const first = useRef(pathname);
  useClientLayoutEffect(() => {
    if (pathname !== first.current) document.documentElement.dataset.navigated = "true";
  }, [pathname]);
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>();
  // Lets browser tests (and CSS) know React has taken over the server HTML.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  useNavigatedFlag();
  return (
    <>
      <Outlet />
      <Toaster toast={toast} />
      <Preloader />
    </>
  );
}

export function ErrorBoundary() {
  return (
    <ErrorPage
      asMain
      className="error-page container"
      notFoundTitle="Página não encontrada"
      failedTitle="Algo deu errado"
      notFoundText="O endereço que você procurou não existe."
      failedText="Tivemos um problema ao carregar esta página. Tente novamente em instantes."
      links={[{ to: "/", label: "Voltar ao início" }]}
    />
  );
}
