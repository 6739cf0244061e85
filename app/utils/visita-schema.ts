import { z } from "zod";
import { HONEYPOT_FIELD, MENSAGEM_MAX, VISITA_MAX_DIAS, VISITA_PERIODOS } from "./mensagem";
import { mensagemSchema } from "./mensagem-schema";
import { addDays, agencyToday } from "./mensagem";

/** Whether `day` is a real calendar day written YYYY-MM-DD (no 2026-02-30). */
function isDay(day: string) {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && addDays(day, 0) === day;
}

/**
 * 'Agendar visita' on the property page (issue 22): who (as the contact form), the listing, a day from
 * today to VISITA_MAX_DIAS days ahead and a period; a note is optional. Shared by the page's form and
 * the /visita action.
 */
export const visitaSchema = mensagemSchema
  .pick({ nome: true, email: true, telefone: true, redirectTo: true, [HONEYPOT_FIELD]: true })
  .extend({
    imovel_id: z.number({ error: "Imóvel inválido." }).int("Imóvel inválido.").positive("Imóvel inválido."),
    data: z
      .string({ error: "Escolha o dia da visita." })
      .trim()
      .refine(isDay, "Escolha o dia da visita (dd/mm/aaaa).")
      .superRefine((day, ctx) => {
        if (!isDay(day)) return;
        const today = agencyToday();
        if (day < today) ctx.addIssue({ code: "custom", message: "Escolha hoje ou um dia depois de hoje." });
        else if (day > addDays(today, VISITA_MAX_DIAS)) ctx.addIssue({ code: "custom", message: `Escolha um dia dentro dos próximos ${VISITA_MAX_DIAS} dias.` });
      }),
    periodo: z.enum(VISITA_PERIODOS, { error: "Escolha manhã ou tarde." }),
    mensagem: z.preprocess(
      (v) => (typeof v === "string" ? v.replace(/\r\n?/g, "\n") : v),
      z.string().trim().max(MENSAGEM_MAX, `A observação pode ter no máximo ${MENSAGEM_MAX} caracteres.`).optional(),
    ),
  });

export type VisitaInput = z.infer<typeof visitaSchema>;
