import { Form, useLocation } from "react-router";
import { HONEYPOT_FIELD, MENSAGEM_MAX } from "~/utils/mensagem";
import { HOSPEDES_MAX } from "~/utils/temporada";
import { Field, FormErrors, TextareaField } from "./forms";
import { PrivacyConsent } from "./privacy-consent";

/** What the /reserva action answers a refused request with (conform's reply, read without conform). */
export type ReservaReply = { error?: Record<string, string[] | null> | null; initialValue?: Record<string, unknown> | null } | undefined;

/**
 * 'Solicitar reserva' (issue 33 §2): posts to /reserva, which validates with reservaSchema and shows
 * this form again there with the errors by their fields. The stay comes filled in from 'Verificar
 * datas'. Without conform or zod, like the visit form: the property page keeps its JavaScript budget.
 */
export function ReservaForm({ imovelId, stay, reply }: { imovelId: number; stay?: { chegada?: string; saida?: string; hospedes?: string }; reply?: ReservaReply }) {
  const location = useLocation();
  const errors = reply?.error ?? {};
  const value = (name: string) => {
    const v = reply?.initialValue?.[name];
    return typeof v === "string" ? v : stay?.[name as keyof typeof stay];
  };
  const props = (name: string) => ({ id: `reserva-${name}`, name, defaultValue: value(name) });
  return (
    <Form method="post" action={`/reserva?imovel=${imovelId}`} className="contact-form reserva-form" key={location.key}>
      <FormErrors errors={errors[""]} />
      <input type="hidden" name="imovel_id" value={imovelId} />
      <div className="hp-field" aria-hidden="true">
        <label htmlFor="reserva-hp">Não preencha</label>
        <input id="reserva-hp" type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
      </div>
      <div className="contact-form-row cal-dates">
        <Field label="Chegada" inputProps={{ type: "date", required: true, ...props("chegada") }} errors={errors.chegada} />
        <Field label="Saída" inputProps={{ type: "date", required: true, ...props("saida") }} errors={errors.saida} />
        <Field label="Hóspedes" inputProps={{ type: "number", min: 1, max: HOSPEDES_MAX, required: true, ...props("hospedes") }} errors={errors.hospedes} />
      </div>
      <div className="contact-form-row">
        <Field label="Nome" inputProps={{ type: "text", required: true, maxLength: 120, autoComplete: "name", ...props("nome") }} errors={errors.nome} />
        <Field
          label="Telefone"
          inputProps={{ type: "tel", required: true, inputMode: "tel", autoComplete: "tel", placeholder: "(17) 99999-9999", ...props("telefone") }}
          errors={errors.telefone}
        />
      </div>
      <Field label="Email" inputProps={{ type: "email", required: true, maxLength: 191, autoComplete: "email", ...props("email") }} errors={errors.email} />
      <TextareaField label="Observação (opcional)" textareaProps={{ rows: 2, maxLength: MENSAGEM_MAX, ...props("mensagem") }} errors={errors.mensagem} />
      <PrivacyConsent purpose="Usamos seu nome, telefone e e-mail só para combinar esta reserva com você." />
      <button type="submit" className="btn btn-primary">
        Solicitar reserva
      </button>
    </Form>
  );
}
