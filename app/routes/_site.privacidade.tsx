import type { MetaFunction } from "react-router";
import { useLoaderData } from "react-router";
import { PrivacyPolicy } from "~/components/privacy-policy";
import { getAgency, getEnv } from "~/env.server";

export const meta: MetaFunction = () => [
  { title: "Política de privacidade – Imobiliária em Votuporanga" },
  { name: "description", content: "Quais dados pessoais recebemos pelo site, para quê, por quanto tempo, e como exercer seus direitos pela LGPD." },
];

/** The same for every visitor: kept by the page cache like /sobre (server/page-cache.ts). */
export function loader() {
  return { agency: getAgency(), retentionDays: getEnv().LEADS_RETENTION_DAYS };
}

export default function Privacidade() {
  const { agency, retentionDays } = useLoaderData<typeof loader>();
  return (
    <div className="container section sobre-page privacidade-page">
      <PrivacyPolicy agency={agency} retentionDays={retentionDays} />
    </div>
  );
}
