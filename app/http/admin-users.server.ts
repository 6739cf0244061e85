// The posts of /admin/usuarios: 'Novo administrador' and each row's buttons. A one-time password
// comes back in this response's body only, shown once on the page that asked for it: not in a URL,
// not in a toast cookie, not logged.
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import { createAdmin, resetAdminPassword, setAdminActive } from "~/models/accounts/admins.server";
import type { SessionUser } from "~/models/accounts/session.server";
import { BusyError } from "~/services/hash-gate.server";
import { USUARIO_DONE, criarUsuarioSchema, usuarioAcaoSchema } from "~/utils/usuario-schema";
import { actorOf } from "./auth.server";
import { problemOf } from "./responses.server";

export const USUARIOS_PATH = "/admin/usuarios";
const BUSY = "O servidor está ocupado. Tente novamente em alguns segundos.";

/** What the page shows after a post that did not redirect. */
export type UsuariosAnswer = {
  /** the create form's errors */
  reply?: SubmissionResult<string[]>;
  /** a row button refused */
  error?: string;
  /** a one-time password, once */
  oneTimePassword?: { email: string; password: string; newAccount: boolean };
};

/** The HTTP answer for a refusal the admin can act on; anything else is a real failure. */
function refusal(e: unknown) {
  if (e instanceof BusyError) return { status: 503, message: BUSY };
  return problemOf(e);
}

async function create(request: Request, user: SessionUser, form: FormData) {
  const submission = parseWithZod(form, { schema: criarUsuarioSchema });
  if (submission.status !== "success") return data<UsuariosAnswer>({ reply: submission.reply() }, { status: 400 });
  try {
    const made = await createAdmin(actorOf(request, user), submission.value);
    // The form is emptied (resetForm) so the next admin starts from blank fields.
    return data<UsuariosAnswer>({ reply: submission.reply({ resetForm: true }), oneTimePassword: { email: made.email, password: made.password, newAccount: true } });
  } catch (e) {
    const problem = refusal(e);
    if (!problem) throw e;
    const field = problem.status === 409 ? { fieldErrors: { email: [problem.message] } } : { formErrors: [problem.message] };
    return data<UsuariosAnswer>({ reply: submission.reply(field) }, { status: problem.status });
  }
}

async function rowAction(request: Request, user: SessionUser, form: FormData) {
  const parsed = usuarioAcaoSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data<UsuariosAnswer>({ error: parsed.error.issues[0].message }, { status: 400 });
  const { intent, id } = parsed.data;
  const actor = actorOf(request, user);
  try {
    if (intent === "senha") {
      const reset = await resetAdminPassword(actor, id);
      return data<UsuariosAnswer>({ oneTimePassword: { ...reset, newAccount: false } });
    }
    await setAdminActive(actor, id, intent === "reativar");
    return redirectWithSuccess(USUARIOS_PATH, USUARIO_DONE[intent]);
  } catch (e) {
    const problem = refusal(e);
    if (!problem) throw e;
    return data<UsuariosAnswer>({ error: problem.message }, { status: problem.status });
  }
}

/** The action of /admin/usuarios, by the `intent` of the button pressed. */
export function handleUsuariosPost(request: Request, user: SessionUser, form: FormData) {
  return form.get("intent") === "criar" ? create(request, user, form) : rowAction(request, user, form);
}
