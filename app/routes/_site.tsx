import { Outlet, useLoaderData, useLocation } from "react-router";
import { FavoritosProvider } from "~/components/favorito-button";
import { IconSprite } from "~/components/icons";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { getAgency } from "~/env.server";
import { readFavoritos } from "~/http/favoritos.server";
import type { LoaderFunctionArgs } from "react-router";

/** The agency's settings, and the visitor's favourites for the hearts and the header's count. */
export function loader({ request }: LoaderFunctionArgs) {
  return { agency: getAgency(), favoritos: readFavoritos(request) };
}

export default function SiteLayout() {
  const { agency, favoritos } = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <FavoritosProvider ids={favoritos}>
      <a className="skip-link" href="#conteudo">
        Pular para o conteúdo
      </a>
      <SiteHeader agency={agency} />
      <main id="conteudo" key={location.pathname} className="page-enter">
        <Outlet />
      </main>
      <SiteFooter agency={agency} />
      <IconSprite />
    </FavoritosProvider>
  );
}
