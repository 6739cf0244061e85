import { Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { IconSprite } from "~/components/icons";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { getAgency } from "~/env.server";

export function loader() {
  return { agency: getAgency() };
}

export default function SiteLayout() {
  const { agency } = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <>
      <a className="skip-link" href="#conteudo">
        Pular para o conteúdo
      </a>
      <SiteHeader agency={agency} />
      <main id="conteudo" key={location.pathname} className="page-enter">
        <Outlet />
      </main>
      <SiteFooter agency={agency} />
      <IconSprite />
    </>
  );
}
