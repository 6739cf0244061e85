import { useState } from "react";
import { Form, useLocation } from "react-router";
import { HONEYPOT_FIELD, MENSAGEM_MAX, VISITA_MAX_DIAS, VISITA_PERIODOS, visitaDias } from "~/utils/mensagem";
import { ErrorList, Field, FormErrors, TextareaField } from "./forms";
import { PrivacyConsent } from "./privacy-consent";

/** What the /visita action answers a refused request with (conform's reply, read without conform). */
export type VisitaReply = { error?: Record<string, string[] | null> | null; initialValue?: Record<string, unknown> | null } | undefined;

/**
 * 'Agendar visita' (issue 22): posts to /visita, which validates with visitaSchema and, when something
 * is wrong, shows this form again there with the errors by their fields and what was typed. Without
 * conform or zod, like the short contact form, so the property page stays within its JavaScript budget.
 * The day's bounds (today … VISITA_MAX_DIAS ahead, São Paulo time) come from the visitor's own clock,
 * once React runs: the property page is kept in the page cache until the content changes, so a bound
 * written by the server would go stale at midnight, and two processes either side of it would give
 * one version two sets of bytes. Without JavaScript the field has no bound; /visita's action judges.
 * They are set when the visitor reaches for the field (focus, a tap, a key: a field focused before
 * the scripts ran gets them at its next key or tap), not at hydration: São Paulo's
 * date needs an Intl.DateTimeFormat with a time zone, whose first construction took 64 ms of the
 * property page's load under Lighthouse's 4× CPU slowdown, most of its Total Blocking Time
 * (docs/performance.md, "A cache hit's path, and an admin's render against Remix 2").
 */
export function VisitaForm({ imovelId, reply }: { imovelId: number; reply?: VisitaReply }) {
  const location = useLocation();
  const [dias, setDias] = useState<{ min: string; max: string }>();
  const bound = () => setDias((known) => known ?? visitaDias());
  const errors = reply?.error ?? {};
  const value = (name: string) => {
    const v = reply?.initialValue?.[name];
    return typeof v === "string" ? v : undefined;
  };
  // What each field needs beyond its own attributes: its id, its name, what was typed.
  const props = (name: string) => ({ id: `visita-${name}`, name, defaultValue: value(name) });
  return (
    <Form method="post" action={`/visita?imovel=${imovelId}`} className="contact-form visita-form" key={location.key}>
      <FormErrors errors={errors[""]} />
      <input type="hidden" name="imovel_id" value={imovelId} />
      <div className="hp-field" aria-hidden="true">
        <label htmlFor="visita-hp">Não preencha</label>
        <input id="visita-hp" type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
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
      <div className="contact-form-row">
        <Field label="Dia da visita" inputProps={{ type: "date", required: true, min: dias?.min, max: dias?.max, onFocus: bound, onPointerDown: bound, onKeyDown: bound, ...props("data") }} errors={errors.data} />
        <fieldset className="field visita-periodo" aria-describedby={errors.periodo?.length ? "visita-periodo-error" : undefined}>
          <legend className="field-label">Período</legend>
          <div className="radio-row">
            {VISITA_PERIODOS.map((p) => (
              <label key={p} className="radio">
                <input type="radio" name="periodo" value={p} required defaultChecked={value("periodo") === p} /> {p === "manhã" ? "Manhã" : "Tarde"}
              </label>
            ))}
          </div>
          <ErrorList id="visita-periodo-error" errors={errors.periodo} />
        </fieldset>
      </div>
      <TextareaField label="Observação (opcional)" textareaProps={{ rows: 2, maxLength: MENSAGEM_MAX, ...props("mensagem") }} errors={errors.mensagem} />
      <PrivacyConsent purpose="Usamos seu nome, telefone e e-mail só para combinar esta visita com você." />
      <button type="submit" className="btn btn-primary">
        Agendar visita
      </button>
    </Form>
  );
}

/** The property page's 'Agendar visita' section. */
export function VisitaSection({ imovelId }: { imovelId: number }) {
  return (
    <section aria-labelledby="agendar-visita" className="imovel-section visita">
      <h2 id="agendar-visita">Agendar visita</h2>
      <p>Escolha o dia (de hoje até {VISITA_MAX_DIAS} dias à frente) e o período; um corretor confirma o horário com você.</p>
      <VisitaForm imovelId={imovelId} />
    </section>
  );
}
