import { getFormProps, getSelectProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { Field, FormErrors, SelectField, TextareaField } from "~/components/forms";
import { useZodForm } from "~/components/use-zod-form";
import { ETAPAS, MOTIVOS, toLocalInput, type Etapa, type Motivo } from "~/utils/atendimento";
import { NOTA_MAX, etapaSchema, notaSchema, responsavelSchema, retornoSchema } from "~/utils/atendimento-schema";

// The forms of an atendimento's page (issue 34): plain posts to the page's own action, each with its
// intent; errors from the same zod schema the action parses with, next to their fields.

type Reply = SubmissionResult<string[]> | undefined;
type Common = { back: string; lastResult?: Reply; error?: string };

const Hidden = ({ intent, back }: { intent: string; back: string }) => (
  <>
    <input type="hidden" name="intent" value={intent} />
    <input type="hidden" name="back" value={back} />
  </>
);

/** 'Etapa' and, for 'Perdido', its 'Motivo'. */
export function EtapaForm({ etapa, motivo, back, lastResult, error }: Common & { etapa: Etapa; motivo: Motivo | null }) {
  const [form, fields] = useZodForm(etapaSchema, { id: "form-etapa", lastResult, defaultValue: { etapa, motivo: motivo ?? undefined } });
  return (
    <Form method="post" className="atd-form" {...getFormProps(form)}>
      <h2 className="atd-form-title">Etapa</h2>
      <FormErrors id={form.errorId} errors={error ? [error] : form.errors} />
      <Hidden intent="etapa" back={back} />
      <SelectField label="Etapa" selectProps={getSelectProps(fields.etapa)} options={ETAPAS} errors={fields.etapa.errors} />
      <SelectField
        label="Motivo (se perdido)"
        selectProps={getSelectProps(fields.motivo)}
        options={[{ value: "", label: "—" }, ...MOTIVOS.map((m) => ({ value: m, label: m }))]}
        errors={fields.motivo.errors}
      />
      <button type="submit" className="btn btn-primary">
        Salvar etapa
      </button>
    </Form>
  );
}

/** 'Responsável': one of the active admins, or nobody; and 'Assumir'. */
export function ResponsavelForm({ responsavelId, admins, meId, back, lastResult, error }: Common & { responsavelId: number | null; admins: { id: number; label: string }[]; meId: number }) {
  const [form, fields] = useZodForm(responsavelSchema, { id: "form-responsavel", lastResult, defaultValue: { responsavel: responsavelId == null ? undefined : String(responsavelId) } });
  return (
    <div className="atd-form">
      <h2 className="atd-form-title">Responsável</h2>
      {responsavelId === meId ? null : (
        <Form method="post" className="atd-assumir">
          <Hidden intent="assumir" back={back} />
          <button type="submit" className="btn btn-primary">
            Assumir
          </button>
        </Form>
      )}
      <Form method="post" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={error ? [error] : form.errors} />
        <Hidden intent="responsavel" back={back} />
        <SelectField
          label="Responsável"
          selectProps={getSelectProps(fields.responsavel)}
          options={[{ value: "", label: "Sem responsável" }, ...admins.map((a) => ({ value: String(a.id), label: a.label }))]}
          errors={fields.responsavel.errors}
        />
        <button type="submit" className="btn">
          Salvar responsável
        </button>
      </Form>
    </div>
  );
}

/** 'Retornar em': a date and time (São Paulo), empty to clear. */
export function RetornoForm({ retornarEm, back, lastResult, error }: Common & { retornarEm: string | null }) {
  const [form, fields] = useZodForm(retornoSchema, { id: "form-retorno", lastResult, defaultValue: { retornar_em: toLocalInput(retornarEm) || undefined } });
  return (
    <Form method="post" className="atd-form" {...getFormProps(form)}>
      <h2 className="atd-form-title">Retorno</h2>
      <FormErrors id={form.errorId} errors={error ? [error] : form.errors} />
      <Hidden intent="retorno" back={back} />
      <Field label="Retornar em" inputProps={getInputProps(fields.retornar_em, { type: "datetime-local" })} errors={fields.retornar_em.errors} />
      <button type="submit" className="btn">
        Salvar retorno
      </button>
    </Form>
  );
}

/** 'Anotação': a note for the timeline. */
export function NotaForm({ back, lastResult, error }: Common) {
  const [form, fields] = useZodForm(notaSchema, { id: "form-nota", lastResult });
  return (
    <Form method="post" className="atd-form atd-nota" {...getFormProps(form)}>
      <FormErrors id={form.errorId} errors={error ? [error] : form.errors} />
      <Hidden intent="nota" back={back} />
      <TextareaField label="Nova anotação" textareaProps={{ ...getTextareaProps(fields.texto), rows: 3, maxLength: NOTA_MAX }} errors={fields.texto.errors} />
      <button type="submit" className="btn btn-primary">
        Adicionar anotação
      </button>
    </Form>
  );
}
