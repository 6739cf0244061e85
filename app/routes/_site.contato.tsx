import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { redirectWithSuccess } from "remix-toast";
import { ContactForm } from "~/components/contact-form";
import { getAgency } from "~/env.server";
import { hitContatoLimit, saveMensagem } from "~/models/mensagem.server";
import { clientIp, formatRetry } from "~/models/rate-limit.server";
import { CONTATO_SUCCESS, HONEYPOT_FIELD, contatoSchema } from "~/utils/contato-schema";
import { safeRedirect } from "~/utils/redirect";
import { formDataOf } from "~/utils/params";

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
  return { agency, mapSrc: `https://www.google.com/maps?q=${encodeURIComponent(address)}&output=embed` };
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await formDataOf(request);
  const target = safeRedirect(formData.get("redirectTo"), "/contato");

  // A bot that filled the honeypot gets the same answer as a person, so it learns nothing.
  const honeypot = formData.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    return redirectWithSuccess(target, CONTATO_SUCCESS);
  }

  const submission = parseWithZod(formData, { schema: contatoSchema });
  if (submission.status !== "success") {
    return data(submission.reply(), { status: 400 });
  }

  const ip = clientIp(request);
  try {
    const limit = await hitContatoLimit(ip);
    if (!limit.allowed) {
      return data(
        submission.reply({
          formErrors: [
            `Você já enviou várias mensagens em pouco tempo. Aguarde ${formatRetry(limit.retryAt)} e tente de novo, ou fale conosco pelo telefone.`,
          ],
        }),
        { status: 429 },
      );
    }
    const { email, nome, telefone, mensagem, imovel_id } = submission.value;
    await saveMensagem({ email, nome, telefone, mensagem, imovel_id, ip });
  } catch (error) {
    console.error("Falha ao gravar mensagem de contato", error);
    return data(
      submission.reply({
        formErrors: [
          "Não conseguimos enviar sua mensagem agora. Tente novamente em instantes ou fale conosco pelo telefone.",
        ],
      }),
      { status: 503 },
    );
  }
  return redirectWithSuccess(target, CONTATO_SUCCESS);
}

export default function Contato() {
  const { agency, mapSrc } = useLoaderData<typeof loader>();
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
          <ContactForm lastResult={lastResult} />
        </section>
        <section className="contato-card contato-onde" aria-labelledby="contato-onde-titulo">
          <h2 id="contato-onde-titulo">Onde estamos</h2>
          <address>
            <strong>{agency.name}</strong>
            <br />
            {agency.street}
            <br />
            {agency.neighbourhood} – {agency.city}/{agency.state}
            <br />
            CEP {agency.cep}
          </address>
          <ul className="contato-canais">
            <li>
              Telefone: <a href={`tel:${agency.phone.replace(/[^\d+]/g, "")}`}>{agency.phone}</a>
            </li>
            <li>
              <a href={agency.whatsapp} target="_blank" rel="noopener noreferrer">
                Conversar pelo WhatsApp
              </a>
            </li>
            <li>
              Email: <a href={`mailto:${agency.email}`}>{agency.email}</a>
            </li>
          </ul>
          <div className="contato-mapa">
            <iframe
              title={`Mapa com a localização – ${agency.name}`}
              src={mapSrc}
              loading="lazy"
              referrerPolicy="no-referrer-when-downgrade"
              width="600"
              height="360"
            />
          </div>
        </section>
      </div>
    </div>
  );
}
