import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { useZodForm } from "~/components/use-zod-form";
import { Form, useNavigation } from "react-router";
import { Field, FormErrors } from "~/components/forms";
import { criarUsuarioSchema } from "~/utils/usuario-schema";


/** 'Novo administrador': e-mail and name; the server makes the one-time password. */
export function UsuarioCreateForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "criar";
  const [form, fields] = useZodForm(criarUsuarioSchema, { id: "novo-usuario", lastResult });
  return (
    <section className="users-new" aria-labelledby="novo-usuario-title">
      <h2 id="novo-usuario-title">Novo administrador</h2>
      <Form method="post" className="users-new-form" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="intent" value="criar" />
        <Field
          label="E-mail"
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "off" }}
          errors={fields.email.errors}
        />
        <Field label="Nome" inputProps={{ ...getInputProps(fields.nome, { type: "text" }), autoComplete: "off" }} errors={fields.nome.errors} />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          Criar administrador
        </button>
        <p className="hint">Uma senha provisória é gerada e mostrada uma única vez; no primeiro login, a pessoa escolhe a própria senha.</p>
      </Form>
    </section>
  );
}
