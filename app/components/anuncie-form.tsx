import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { useZodForm } from "~/components/use-zod-form";
import { Form, useLocation, useNavigation } from "react-router";
import { UploadField } from "~/components/upload/upload-field";
import { ANUNCIE_MAX_FOTOS, anuncieSchema } from "~/utils/anuncie-schema";
import { TIPOS } from "~/utils/enums";
import { CAPTACAO_FINALIDADES, HONEYPOT_FIELD, MENSAGEM_MAX } from "~/utils/mensagem";
import { ErrorList, Field, FormErrors, SelectField, TextareaField } from "./forms";
import { PrivacyConsent } from "./privacy-consent";

const id = "anuncie";

type Props = { lastResult?: SubmissionResult<string[]> | null; maxBytes: number; agencyName: string };

/**
 * 'Anuncie seu imóvel' (issue 23): an owner's details, the property and up to ten photos, posted as
 * multipart to /anuncie. Without JavaScript a plain form (the server reduces big photos); with it,
 * conform checks the fields as they are filled and the browser reduces big photos before sending.
 * Keyed on the location so a successful send brings back an empty form.
 */
export function AnuncieForm(props: Props) {
  const location = useLocation();
  return <AnuncieFormInner key={location.key} {...props} />;
}

function AnuncieFormInner({ lastResult, maxBytes, agencyName }: Props) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction === "/anuncie";
  const [form, fields] = useZodForm(anuncieSchema, { id, lastResult });
  return (
    <Form method="post" action="/anuncie" encType="multipart/form-data" className="contact-form anuncie-form" {...getFormProps(form)}>
      <FormErrors id={form.errorId} errors={form.errors} />
      <fieldset>
        <legend>Seus dados</legend>
        <div className="contact-form-row">
          <Field label="Nome" inputProps={{ ...getInputProps(fields.nome, { type: "text" }), autoComplete: "name" }} errors={fields.nome.errors} />
          <Field
            label="Telefone"
            inputProps={{ ...getInputProps(fields.telefone, { type: "tel" }), autoComplete: "tel", inputMode: "tel", placeholder: "(17) 99999-9999" }}
            errors={fields.telefone.errors}
          />
        </div>
        <Field label="Email" inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }} errors={fields.email.errors} />
      </fieldset>
      <fieldset>
        <legend>O imóvel</legend>
        <div className="contact-form-row">
          <fieldset className="field visita-periodo" aria-describedby={fields.finalidade.errors?.length ? `${id}-finalidade-error` : undefined}>
            <legend className="field-label">Finalidade</legend>
            <div className="radio-row">
              {CAPTACAO_FINALIDADES.map((f) => (
                <label key={f} className="radio">
                  <input type="radio" name={fields.finalidade.name} value={f} required defaultChecked={fields.finalidade.initialValue === f} /> {f}
                </label>
              ))}
            </div>
            <ErrorList id={`${id}-finalidade-error`} errors={fields.finalidade.errors} />
          </fieldset>
          <SelectField
            label="Tipo"
            selectProps={getSelectProps(fields.tipo)}
            options={[{ value: "", label: "Escolha…" }, ...TIPOS]}
            errors={fields.tipo.errors}
          />
        </div>
        <div className="contact-form-row">
          <Field label="Bairro" inputProps={getInputProps(fields.bairro, { type: "text" })} errors={fields.bairro.errors} />
          <Field label="Endereço (opcional)" inputProps={{ ...getInputProps(fields.endereco, { type: "text" }), autoComplete: "address-line1" }} errors={fields.endereco.errors} />
        </div>
        <Field
          label="Valor pretendido (opcional)"
          inputProps={{ ...getInputProps(fields.preco, { type: "text" }), inputMode: "decimal", placeholder: "R$ 350.000,00" }}
          errors={fields.preco.errors}
        />
        <TextareaField
          label="Conte sobre o imóvel (opcional)"
          textareaProps={{ ...getTextareaProps(fields.mensagem), rows: 4, maxLength: MENSAGEM_MAX }}
          errors={fields.mensagem.errors}
        />
        <UploadField name="fotos" maxBytes={maxBytes} maxFiles={ANUNCIE_MAX_FOTOS} label={`Fotos (até ${ANUNCIE_MAX_FOTOS})`} />
      </fieldset>
      <div className="hp-field" aria-hidden="true">
        <label htmlFor={`${id}-${HONEYPOT_FIELD}`}>Deixe este campo em branco</label>
        <input type="text" id={`${id}-${HONEYPOT_FIELD}`} name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <PrivacyConsent
        purpose={`Ao enviar, você concorda que a ${agencyName} use estes dados e fotos para avaliar o imóvel e falar com você sobre o anúncio. Nada é publicado sem a sua autorização.`}
      />
      <button type="submit" className="btn btn-primary btn-lg contact-form-submit" disabled={sending}>
        {sending ? "Enviando…" : "Enviar imóvel"}
      </button>
    </Form>
  );
}
