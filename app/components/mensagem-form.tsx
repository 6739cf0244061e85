import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { useZodForm } from "~/components/use-zod-form";
import { Form, useLocation, useNavigation } from "react-router";
import { ErrorList, Field, FormErrors, TextareaField } from "~/components/forms";
import { PrivacyConsent } from "~/components/privacy-consent";
import { HONEYPOT_FIELD, MENSAGEM_MAX, mensagemSchema } from "~/utils/mensagem-schema";


export const MENSAGEM_ACTION = "/contato";

type Props = {
  /** The last answer of the /contato action (errors and the values to keep), if any. */
  lastResult?: SubmissionResult<string[]> | null;
};

/**
 * The contact form (produto §2, §5). It posts to /contato from any page and works without JavaScript.
 * Keyed on the location so the redirect after a successful send brings back an empty form, while an
 * error answer rebuilds it from `lastResult`, which carries the typed values.
 */
export function MensagemForm(props: Props) {
  const location = useLocation();
  return <MensagemFormInner key={location.key} {...props} />;
}

const id = "mensagem";

function MensagemFormInner({ lastResult }: Props) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction === MENSAGEM_ACTION;
  const [form, fields] = useZodForm(mensagemSchema, { id, lastResult });
  // A refused send from a listing page lands here: keep its link to the listing and the way back.
  const keptImovel = fields.imovel_id.initialValue;
  const keptRedirect = fields.redirectTo.initialValue;

  return (
    <Form method="post" action={MENSAGEM_ACTION} className="contact-form" {...getFormProps(form)}>
      <FormErrors id={form.errorId} errors={form.errors} />
      {keptImovel ? <input type="hidden" name={fields.imovel_id.name} value={keptImovel} /> : null}
      {keptRedirect ? <input type="hidden" name={fields.redirectTo.name} value={keptRedirect} /> : null}
      <ErrorList errors={fields.imovel_id.errors} />

      <div className="contact-form-row">
        <Field
          label="Email"
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
          errors={fields.email.errors}
        />
        <Field
          label="Nome"
          inputProps={{ ...getInputProps(fields.nome, { type: "text" }), autoComplete: "name" }}
          errors={fields.nome.errors}
        />
      </div>
      <Field
        label="Telefone"
        className="contact-form-phone"
        inputProps={{
          ...getInputProps(fields.telefone, { type: "tel" }),
          autoComplete: "tel",
          inputMode: "tel",
          placeholder: "(17) 99999-9999",
        }}
        errors={fields.telefone.errors}
      />
      <TextareaField
        label="Assunto"
        textareaProps={{ ...getTextareaProps(fields.mensagem), rows: 6, maxLength: MENSAGEM_MAX }}
        errors={fields.mensagem.errors}
      />

      <div className="hp-field" aria-hidden="true">
        <label htmlFor={`${id}-${HONEYPOT_FIELD}`}>Deixe este campo em branco</label>
        <input
          type="text"
          id={`${id}-${HONEYPOT_FIELD}`}
          name={HONEYPOT_FIELD}
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>

      <p className="contact-form-note">Todos os campos são obrigatórios.</p>
      <PrivacyConsent purpose="Usamos seus dados só para responder à sua mensagem." />
      <button type="submit" className="btn btn-primary btn-lg contact-form-submit" disabled={sending}>
        {sending ? "Enviando…" : "Enviar mensagem"}
      </button>
    </Form>
  );
}
