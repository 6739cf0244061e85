import { z } from "zod";
import { HONEYPOT_FIELD, MENSAGEM_MAX } from "./mensagem";

export { MENSAGEM_SENT, HONEYPOT_FIELD, MENSAGEM_MAX } from "./mensagem";

const PHONE_CHARS = /^[\d\s()+.-]+$/;

function digitsOf(phone: string) {
  return phone.replace(/\D/g, "").length;
}

/**
 * The contact form (produto §3, §5), shared by the browser (conform) and the server. Empty inputs reach
 * zod as undefined (conform's coercion), hence the types' own `error`s (zod 4's single error param: a missing value is an invalid type).
 */
export const mensagemSchema = z.object({
  email: z
    .string({ error: "Informe seu e-mail." })
    .trim()
    .min(1, "Informe seu e-mail.")
    .max(191, "O e-mail pode ter no máximo 191 caracteres.")
    // zod 4: a format is a check, run here after trim, min and max as before.
    .check(z.email("Informe um e-mail válido, por exemplo nome@exemplo.com.br.")),
  nome: z
    .string({ error: "Informe seu nome." })
    .trim()
    .min(1, "Informe seu nome.")
    .max(120, "O nome pode ter no máximo 120 caracteres."),
  telefone: z
    .string({ error: "Informe seu telefone." })
    .trim()
    .min(1, "Informe seu telefone.")
    .max(30, "O telefone pode ter no máximo 30 caracteres.")
    // A refine rather than .regex(): conform would copy a regex into the HTML `pattern` attribute.
    .refine(
      (v) => PHONE_CHARS.test(v) && digitsOf(v) >= 8 && digitsOf(v) <= 15,
      "Informe um telefone válido com DDD, por exemplo (17) 99999-9999.",
    ),
  // Browsers send a textarea's line breaks as CRLF; count (and store) them as one character, like
  // the textarea's maxLength does.
  mensagem: z.preprocess(
    (v) => (typeof v === "string" ? v.replace(/\r\n?/g, "\n") : v),
    z
      .string({ error: "Escreva sua mensagem." })
      .trim()
      .min(1, "Escreva sua mensagem.")
      .max(MENSAGEM_MAX, `A mensagem pode ter no máximo ${MENSAGEM_MAX} caracteres.`),
  ),
  imovel_id: z
    .number({ error: "Imóvel inválido." })
    .int("Imóvel inválido.")
    .positive("Imóvel inválido.")
    .optional(),
  redirectTo: z.string().max(300).optional(),
  [HONEYPOT_FIELD]: z.string().max(0, "Deixe este campo em branco.").optional(),
});

export type MensagemInput = z.infer<typeof mensagemSchema>;
