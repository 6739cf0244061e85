import { z } from "zod";
import { MAX_PASSWORD, passwordProblem } from "./password";

/**
 * The change-password form (/admin/senha), shared by the browser (conform) and the action. Empty
 * inputs reach zod as undefined (conform's coercion), hence the types' own `error`s (a missing value is an invalid type). Whether the
 * current password is right is the action's business (it needs the database).
 */
export const passwordSchema = z
  .object({
    current_password: z.string({ error: "Informe a senha atual." }).max(MAX_PASSWORD, "Senha atual incorreta."),
    new_password: z.string({ error: "Informe a nova senha." }),
    password_confirmation: z.string({ error: "Repita a nova senha." }),
  })
  .superRefine((v, ctx) => {
    const problem = passwordProblem(v.new_password);
    if (problem) ctx.addIssue({ code: "custom", path: ["new_password"], message: problem });
    else if (v.new_password === v.current_password) {
      ctx.addIssue({ code: "custom", path: ["new_password"], message: "A nova senha precisa ser diferente da atual." });
    }
    if (v.password_confirmation !== v.new_password) {
      ctx.addIssue({ code: "custom", path: ["password_confirmation"], message: "A confirmação não é igual à nova senha." });
    }
  });

export const PASSWORD_CHANGED = "Senha alterada";
export const PASSWORD_WRONG = "Senha atual incorreta.";
