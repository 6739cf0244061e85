import { data, type ActionFunctionArgs, type MetaFunction } from "react-router";
import { whatsappPath } from "~/utils/whatsapp";
import { useActionData, useLoaderData } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import { AgencyAddress, telHref } from "~/components/agency-address";
import { MapEmbed } from "~/components/map-embed";
import { MensagemForm } from "~/components/mensagem-form";
import { getAgency } from "~/env.server";
import { handleMensagem } from "~/http/mensagem.server";
import { formDataOf } from "~/http/forms.server";
import { safeRedirect } from "~/http/redirect";
import { clientIp } from "~/http/request.server";
import { MENSAGEM_SENT } from "~/utils/mensagem";

export const meta: MetaFunction = () => [
  { title: "Contato – Imobiliária em Votuporanga" },
  {
    name: "description",
    content:
      "Fale com a nossa imobiliária em Votuporanga/SP: envie uma mensagem, ligue ou venha nos visitar. Veja o endereço no mapa.",
  },
];

export function loader() {
  const agency = getAgency();
  const address = `${agency.street}, ${agency.neighbourhood}, ${agency.city} - ${agency.state}, ${agency.cep}`;
  const q = encodeURIComponent(address);
  return { agency, mapSrc: `https://www.google.com/maps?q=${q}&output=embed`, mapLink: `https://www.google.com/maps/search/?api=1&query=${q}` };
}

/** produto §2 Contact: every contact form of the site (this page, the listing page) posts here. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await formDataOf(request);
  const answer = await handleMensagem(form, clientIp(request));
  if (answer.status !== 200) {
    return data(answer.reply, { status: answer.status, headers: answer.retryAfter ? { "Retry-After": String(answer.retryAfter) } : undefined });
  }
  return redirectWithSuccess(safeRedirect(form.get("redirectTo"), "/contato"), MENSAGEM_SENT);
}

export default function Contato() {
  const { agency, mapSrc, mapLink } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <div className="container section contato-page">
      <header className="contato-head">
        <h1>Contato</h1>
        <p>
          Quer alugar, comprar ou anunciar um imóvel? Envie sua mensagem e um de nossos corretores responde o quanto
          antes.
        </p>
      </header>
      <div className="contato-grid">
        <section className="contato-card" aria-labelledby="contato-form-titulo">
          <h2 id="contato-form-titulo">Envie uma mensagem</h2>
          <MensagemForm lastResult={lastResult} />
        </section>
        <section className="contato-card contato-onde" aria-labelledby="contato-onde-titulo">
          <h2 id="contato-onde-titulo">Onde estamos</h2>
          <AgencyAddress agency={agency} />
          <ul className="contato-canais">
            <li>
              Telefone: <a href={telHref(agency.phone)}>{agency.phone}</a>
            </li>
            <li>
              <a href={whatsappPath()} target="_blank" rel="noopener noreferrer">
                Conversar pelo WhatsApp
              </a>
            </li>
            <li>
              Email: <a href={`mailto:${agency.email}`}>{agency.email}</a>
            </li>
            <li>
              <a href={mapLink} target="_blank" rel="noopener noreferrer">
                Abrir no mapa
              </a>
            </li>
          </ul>
          {/* Asked of Google only on "Mostrar o mapa" (issue 24: no visit reaches another site unasked). */}
          <MapEmbed className="contato-mapa" title={`Mapa com a localização – ${agency.name}`} src={mapSrc} />
        </section>
      </div>
    </div>
  );
}
