import { Form, useLocation } from "react-router";
import { HONEYPOT_FIELD, MENSAGEM_MAX } from "~/utils/mensagem";
import { PrivacyConsent } from "./privacy-consent";

/**
 * The short "about this property" form. It posts to the /contato action, which validates with the
 * contact schema; native constraints guide the visitor here, and an invalid send lands on /contato
 * with the errors and everything typed. Kept free of conform/zod so the property page stays within
 * its JavaScript budget next to the carousel.
 */
export function ImovelMensagemForm({ imovelId, codigo }: { imovelId: number; codigo: string | null }) {
  const location = useLocation();
  return (
    <Form method="post" action="/contato" className="contact-form property-contact" key={location.key}>
      <input type="hidden" name="imovel_id" value={imovelId} />
      <input type="hidden" name="redirectTo" value={location.pathname} />
      <div className="hp-field" aria-hidden="true">
        <label htmlFor="pc-hp">Não preencha</label>
        <input id="pc-hp" type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
      </div>
      <div className="contact-form-row">
        <div className="field">
          <label htmlFor="pc-nome">Nome</label>
          <input id="pc-nome" type="text" name="nome" required maxLength={120} autoComplete="name" />
        </div>
        <div className="field">
          <label htmlFor="pc-email">Email</label>
          <input id="pc-email" type="email" name="email" required maxLength={191} autoComplete="email" />
        </div>
      </div>
      <div className="field">
        <label htmlFor="pc-tel">Telefone</label>
        <input id="pc-tel" type="tel" name="telefone" required inputMode="tel" autoComplete="tel" placeholder="(17) 99999-9999" />
      </div>
      <div className="field">
        <label htmlFor="pc-msg">Assunto</label>
        <textarea
          id="pc-msg"
          name="mensagem"
          required
          maxLength={MENSAGEM_MAX}
          rows={4}
          defaultValue={`Olá! Tenho interesse no imóvel ${codigo ?? ""}. Podemos conversar?`}
        />
      </div>
      <PrivacyConsent purpose="Usamos seus dados só para responder sobre este imóvel." />
      <button type="submit" className="btn btn-primary">
        Enviar mensagem
      </button>
    </Form>
  );
}
