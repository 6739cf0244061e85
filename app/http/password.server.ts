// Changing one's own password (/admin/senha): the form's checks, the current password, then the
// new one; every other session and token of the user ends so a thief holding one is locked out.
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { BusyError } from "~/services/hash-gate.server";
import { clear, formatRetry, hit } from "~/services/rate-limit.server";
import { checkPassword, setPassword, type AdminUser } from "~/models/accounts/user.server";
import { PASSWORD_WRONG, passwordSchema } from "~/utils/password-schema";
import { actorOf, endOtherSessionsOf } from "./auth.server";
import { logFor } from "~/log.server";

const log = logFor("auth");

export type PasswordChangeAnswer = { ok: true } | { ok: false; status: 400 | 429 | 503; reply: SubmissionResult<string[]> };

const BUSY = "O servidor está ocupado. Tente novamente em alguns segundos.";

export async function changeOwnPassword(request: Request, user: AdminUser, form: FormData): Promise<PasswordChangeAnswer> {
  const submission = parseWithZod(form, { schema: passwordSchema });
  // Passwords are never sent back into the form.
  const hide = ["current_password", "new_password", "password_confirmation"];
  if (submission.status !== "success") return { ok: false, status: 400, reply: submission.reply({ hideFields: hide }) };
  // A stolen session must not become a way to guess the current password.
  const key = `password:${user.id}`;
  const limit = await hit(key, 5, 15 * 60 * 1000);
  if (!limit.allowed) {
    const message = `Muitas tentativas. Tente novamente em ${formatRetry(limit.retryAt)}.`;
    return { ok: false, status: 429, reply: submission.reply({ formErrors: [message], hideFields: hide }) };
  }
  try {
    if (!(await checkPassword(user.id, submission.value.current_password))) {
      return { ok: false, status: 400, reply: submission.reply({ fieldErrors: { current_password: [PASSWORD_WRONG] }, hideFields: hide }) };
    }
    await setPassword(user.id, submission.value.new_password, actorOf(request, user));
  } catch (e) {
    if (!(e instanceof BusyError)) throw e;
    return { ok: false, status: 503, reply: submission.reply({ formErrors: [BUSY], hideFields: hide }) };
  }
  await clear(key);
  const ended = await endOtherSessionsOf(request, user.id);
  log.info({ userId: user.id, otherSessionsEnded: ended }, "password changed");
  return { ok: true };
}
