// Changing one's own password (/admin/senha): the form's checks, the current password, then the
// new one; every other session and token of the user ends so a thief holding one is locked out.
import { parseWithZod } from "@conform-to/zod";
import type { SubmissionResult } from "@conform-to/react";
import { BusyError } from "~/services/hash-gate.server";
import { clear, formatRetry, hit } from "~/services/rate-limit.server";
import { checkPassword, setPassword, type AdminUser } from "~/models/accounts/user.server";
import { SENHA_WRONG, senhaSchema } from "~/utils/senha-schema";
import { endOtherSessionsOf } from "./auth.server";

export type SenhaAnswer = { ok: true } | { ok: false; status: 400 | 429 | 503; reply: SubmissionResult<string[]> };

const BUSY = "O servidor está ocupado. Tente novamente em alguns segundos.";

export async function handleSenha(request: Request, user: AdminUser, form: FormData): Promise<SenhaAnswer> {
  const submission = parseWithZod(form, { schema: senhaSchema });
  // Passwords are never sent back into the form.
  const hide = ["senha_atual", "nova_senha", "confirmacao"];
  if (submission.status !== "success") return { ok: false, status: 400, reply: submission.reply({ hideFields: hide }) };
  // A stolen session must not become a way to guess the current password.
  const key = `senha:${user.id}`;
  const limit = await hit(key, 5, 15 * 60 * 1000);
  if (!limit.allowed) {
    const message = `Muitas tentativas. Tente novamente em ${formatRetry(limit.retryAt)}.`;
    return { ok: false, status: 429, reply: submission.reply({ formErrors: [message], hideFields: hide }) };
  }
  try {
    if (!(await checkPassword(user.id, submission.value.senha_atual))) {
      return { ok: false, status: 400, reply: submission.reply({ fieldErrors: { senha_atual: [SENHA_WRONG] }, hideFields: hide }) };
    }
    await setPassword(user.id, submission.value.nova_senha);
  } catch (e) {
    if (!(e instanceof BusyError)) throw e;
    return { ok: false, status: 503, reply: submission.reply({ formErrors: [BUSY], hideFields: hide }) };
  }
  await clear(key);
  const ended = await endOtherSessionsOf(request, user.id);
  console.log(`password changed user=${user.id} other_sessions_ended=${ended}`);
  return { ok: true };
}
