import { z } from "zod";
import { ALERTA_FREQUENCIAS } from "./alertas";
import { HONEYPOT_FIELD } from "./mensagem";

/**
 * 'Receber novidades desta busca' (issue 32 §2), parsed by the /alertas action. The list pages ship
 * no zod (search-schema.ts): their form checks in the browser with the same rules as HTML attributes
 * (alerta-form.tsx: type=email, required, maxLength), and this schema decides on the server.
 */
export const alertaSchema = z.object({
  email: z
    .string({ message: "Informe seu e-mail." })
    .trim()
    .min(1, { message: "Informe seu e-mail." })
    .max(191, { message: "O e-mail pode ter no máximo 191 caracteres." })
    .email({ message: "Informe um e-mail válido, por exemplo nome@exemplo.com.br." }),
  // The list page's path and query string; alertaBuscaOf decides whether it is one.
  busca: z.string({ message: "Busca inválida." }).max(600, { message: "Busca inválida." }),
  [HONEYPOT_FIELD]: z.string().max(0, { message: "Deixe este campo em branco." }).optional(),
});

/** The alert's page: how often its digest may come. */
export const frequenciaSchema = z.object({
  frequencia: z.enum(ALERTA_FREQUENCIAS, { message: "Escolha com que frequência receber os e-mails." }),
});
