import { z } from "zod";
import { MAX_PASSWORD, passwordProblem } from "./password";

/**
 * The change-password form (/admin/senha), shared by the browser (conform) and the action. Empty
 * inputs reach zod as undefined (conform's coercion), hence the `required_error`s. Whether the
 * current password is right is the action's business (it needs the database).
 */
export const senhaSchema = z
  .object({
    senha_atual: z.string({ required_error: "Informe a senha atual." }).max(MAX_PASSWORD, "Senha atual incorreta."),
    nova_senha: z.string({ required_error: "Informe a nova senha." }),
    confirmacao: z.string({ required_error: "Repita a nova senha." }),
  })
  .superRefine((v, ctx) => {
    const problem = passwordProblem(v.nova_senha);
    if (problem) ctx.addIssue({ code: "custom", path: ["nova_senha"], message: problem });
    else if (v.nova_senha === v.senha_atual) {
      ctx.addIssue({ code: "custom", path: ["nova_senha"], message: "A nova senha precisa ser diferente da atual." });
    }
    if (v.confirmacao !== v.nova_senha) {
      ctx.addIssue({ code: "custom", path: ["confirmacao"], message: "A confirmação não é igual à nova senha." });
    }
  });

export const SENHA_CHANGED = "Senha alterada";
export const SENHA_WRONG = "Senha atual incorreta.";
