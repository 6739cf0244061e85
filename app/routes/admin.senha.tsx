// produto §2 Admin: an administrator changes their own password (current one required).
import { getFormProps, getInputProps } from "@conform-to/react";
import { useZodForm } from "~/components/use-zod-form";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { useEffect, useRef } from "react";
import { redirectWithSuccess } from "remix-toast";
import { Field, FormErrors } from "~/components/forms";
import { requireAdmin } from "~/http/auth.server";
import { ADMIN_HOME } from "~/http/redirect";
import { formDataOf } from "~/http/forms.server";
import { changeOwnPassword } from "~/http/password.server";
import { MIN_PASSWORD } from "~/utils/password";
import { PASSWORD_CHANGED, passwordSchema } from "~/utils/password-schema";

export const meta: MetaFunction = () => [
  { title: "Alterar senha – Painel Administrativo" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  return { mustChangePassword: user.mustChangePassword };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  const answer = await changeOwnPassword(request, user, await formDataOf(request));
  // A one-time password replaced: the rest of the panel opens.
  if (answer.ok) return redirectWithSuccess(user.mustChangePassword ? ADMIN_HOME : "/admin/senha", PASSWORD_CHANGED);
  return data({ reply: answer.reply }, { status: answer.status });
}

export default function ChangePassword() {
  const { mustChangePassword } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useZodForm(passwordSchema, { id: "password", lastResult: result?.reply });
  const formRef = useRef<HTMLFormElement>(null);
  // After a refusal the typed passwords are wiped, as they are without JavaScript (never sent back).
  useEffect(() => {
    if (!result) return;
    for (const el of formRef.current?.querySelectorAll("input[type=password]") ?? []) (el as HTMLInputElement).value = "";
  }, [result]);
  return (
    <section className="admin-password">
      <h1>{mustChangePassword ? "Escolha a sua senha" : "Alterar senha"}</h1>
      <Form method="post" className="password-form" ref={formRef} {...getFormProps(form)}>
        {mustChangePassword ? (
          <div className="alert alert-info">
            Você entrou com uma senha provisória. Escolha a sua própria senha para continuar: o restante do painel abre depois disso.
          </div>
        ) : null}
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field
          label={mustChangePassword ? "Senha provisória" : "Senha atual"}
          inputProps={{ ...getInputProps(fields.current_password, { type: "password" }), autoComplete: "current-password" }}
          errors={fields.current_password.errors}
        />
        <Field
          label="Nova senha"
          inputProps={{ ...getInputProps(fields.new_password, { type: "password" }), autoComplete: "new-password" }}
          errors={fields.new_password.errors}
        />
        <p className="hint">{`Pelo menos ${MIN_PASSWORD} caracteres; senhas muito comuns são recusadas. Ao alterar, as outras sessões e tokens desta conta são encerrados.`}</p>
        <Field
          label="Confirmação da nova senha"
          inputProps={{ ...getInputProps(fields.password_confirmation, { type: "password" }), autoComplete: "new-password" }}
          errors={fields.password_confirmation.errors}
        />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {mustChangePassword ? "Salvar e continuar" : "Alterar senha"}
        </button>
      </Form>
    </section>
  );
}
