import { Form, useNavigation } from "react-router";
import { ErrorList, FormErrors } from "~/components/forms";
import { PrivacyConsent } from "~/components/privacy-consent";
import { HONEYPOT_FIELD } from "~/utils/mensagem";

export const ALERTA_ACTION = "/alertas";

type Props = {
  /** The list page's path and query string: the search the alert will follow. */
  busca: string;
  /** A refused post (the /alertas page): what was typed and why it was refused. */
  email?: string;
  errors?: { email?: string[]; form?: string[] };
  /** The heading's level: h2 on a list page, none on /alertas (its h1 says it). */
  heading?: boolean;
};

/**
 * 'Receber novidades desta busca' (issue 32 §2) on every list page. The same for every visitor (the
 * list page stays in the page cache): the search travels in `busca`, the page's own address. No zod
 * in the browser (list pages ship none): the HTML attributes carry the schema's rules
 * (utils/alerta-schema.ts), and the /alertas action decides.
 */
export function AlertaForm({ busca, email, errors, heading = true }: Props) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction === ALERTA_ACTION;
  const emailError = errors?.email?.length ? "alerta-email-error" : undefined;
  return (
    <section className="alerta-box" aria-labelledby={heading ? "alerta-titulo" : undefined} aria-label={heading ? undefined : "Criar alerta"}>
      {heading ? (
        <>
          <h2 id="alerta-titulo">Receber novidades desta busca</h2>
          <p className="alerta-intro">Avisamos por e-mail quando entrar um imóvel novo que combine com esta busca. No máximo um e-mail por dia.</p>
        </>
      ) : null}
      <Form method="post" action={ALERTA_ACTION} className="alerta-form" noValidate={errors ? true : undefined}>
        <FormErrors errors={errors?.form} />
        <input type="hidden" name="busca" value={busca} />
        <div className="alerta-row">
          <div className="field alerta-email">
            <label htmlFor="alerta-email">Seu e-mail</label>
            <input
              id="alerta-email"
              type="email"
              name="email"
              required
              maxLength={191}
              autoComplete="email"
              placeholder="nome@exemplo.com.br"
              defaultValue={email}
              aria-invalid={emailError ? true : undefined}
              aria-describedby={emailError}
            />
            <ErrorList id={emailError} errors={errors?.email} />
          </div>
          <button type="submit" className="btn btn-primary" disabled={sending}>
            {sending ? "Criando…" : "Criar alerta"}
          </button>
        </div>
        <div className="hp-field" aria-hidden="true">
          <label htmlFor={`alerta-${HONEYPOT_FIELD}`}>Deixe este campo em branco</label>
          <input type="text" id={`alerta-${HONEYPOT_FIELD}`} name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <PrivacyConsent purpose="Usamos seu e-mail só para enviar os imóveis desta busca; você cancela quando quiser, com um clique em qualquer e-mail." />
      </Form>
    </section>
  );
}
