import { z } from "zod";
import { TIPOS } from "./enums";
import { parseMoney } from "./format";
import { CAPTACAO_FINALIDADES, HONEYPOT_FIELD, MENSAGEM_MAX } from "./mensagem";
import { mensagemSchema } from "./mensagem-schema";

/** Photos an owner may send with the form; bigger ones are reduced (in the browser with JavaScript). */
export const ANUNCIE_MAX_FOTOS = 10;

/**
 * 'Anuncie seu imóvel' (issue 23): who (as the contact form), what is offered, where, the asking
 * price (optional) and a message (optional). Shared by the page's form (conform) and its action.
 */
export const anuncieSchema = mensagemSchema
  .pick({ nome: true, email: true, telefone: true, [HONEYPOT_FIELD]: true })
  .extend({
    finalidade: z.enum(CAPTACAO_FINALIDADES, { error: "Escolha venda ou locação." }),
    tipo: z.enum(TIPOS, { error: "Escolha o tipo do imóvel." }),
    bairro: z.string({ error: "Informe o bairro." }).trim().min(1, "Informe o bairro.").max(100, "O bairro pode ter no máximo 100 caracteres."),
    endereco: z.string().trim().max(150, "O endereço pode ter no máximo 150 caracteres.").optional(),
    preco: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (!v?.trim()) return undefined;
        const parsed = parseMoney(v);
        if (parsed === null || Number(parsed) > 9_999_999_999) {
          ctx.addIssue({ code: "custom", message: "Informe o valor como R$ 350.000,00." });
          return z.NEVER;
        }
        return Number(parsed) > 0 ? parsed : undefined;
      }),
    mensagem: z.preprocess(
      (v) => (typeof v === "string" ? v.replace(/\r\n?/g, "\n") : v),
      z.string().trim().max(MENSAGEM_MAX, `A mensagem pode ter no máximo ${MENSAGEM_MAX} caracteres.`).optional(),
    ),
  });

export type AnuncieInput = z.infer<typeof anuncieSchema>;
