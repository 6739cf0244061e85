import { z } from "zod";
import { phoneKey, type PersonKey } from "./personal-data";

const EMAIL = z.email();

/**
 * 'Dados de uma pessoa' (issue 24): one box, an e-mail or a phone. Read by the page's search (GET),
 * its export and its deletion, so all three act on the same person.
 */
export const personSearchSchema = z.object({
  q: z
    .string({ error: "Informe um e-mail ou um telefone." })
    .trim()
    .min(1, "Informe um e-mail ou um telefone.")
    .max(191, "Use no máximo 191 caracteres.")
    .transform((v, ctx): PersonKey => {
      if (v.includes("@")) {
        if (EMAIL.safeParse(v).success) return { email: v.toLowerCase() };
        ctx.addIssue({ code: "custom", message: "Informe um e-mail válido, por exemplo nome@exemplo.com.br." });
        return z.NEVER;
      }
      const digits = phoneKey(v);
      if (/^[\d\s()+.-]+$/.test(v) && digits.length >= 8 && digits.length <= 15) return { telefone: v };
      ctx.addIssue({ code: "custom", message: "Informe um e-mail ou um telefone com DDD, por exemplo (17) 99999-9999." });
      return z.NEVER;
    }),
});

/** The deletion's confirmation: the same person, and the box the admin must tick. */
export const personDeleteSchema = z.object({
  q: personSearchSchema.shape.q,
  confirmar: z.literal("sim", { error: "Marque a confirmação para excluir." }),
});
