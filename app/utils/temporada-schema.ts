// The forms of a Temporada calendar (issue 33 §2), one zod schema each, shared by conform and the
// actions. Written for zod 3 and 4 alike: messages as { message }, custom issues only.
import { z } from "zod";
import { HONEYPOT_FIELD, MENSAGEM_MAX, addDays, agencyToday } from "./mensagem";
import { mensagemSchema } from "./mensagem-schema";
import { parseMoney } from "./format";
import { ESTADIA_MAX_DIARIAS, HOSPEDES_MAX, checkEstadia, isDay } from "./temporada";

const whole = (min: number, max: number, message: string) => z.coerce.number({ message }).int({ message }).min(min, { message }).max(max, { message });

/** 'Diária', 'Mínimo de diárias', 'Hóspedes (máximo)'. */
export const calendarioSchema = z.object({
  diaria: z
    .string({ message: "Informe a diária como R$ 350,00." })
    .transform((v, ctx) => {
      const parsed = parseMoney(v);
      if (parsed === null || Number(parsed) <= 0) {
        ctx.addIssue({ code: "custom", message: "Informe a diária como R$ 350,00." });
        return z.NEVER;
      }
      return parsed;
    }),
  minimo_diarias: whole(1, ESTADIA_MAX_DIARIAS, `Informe de 1 a ${ESTADIA_MAX_DIARIAS} diárias.`),
  hospedes_max: whole(1, HOSPEDES_MAX, `Informe de 1 a ${HOSPEDES_MAX} hóspedes.`),
});

/** 'Datas ocupadas': from–to (both nights booked) and an optional note, up to two years ahead. */
export const bloqueioSchema = z
  .object({
    inicio: z.string({ message: "Informe o primeiro dia ocupado." }).refine(isDay, { message: "Informe o primeiro dia ocupado (dd/mm/aaaa)." }),
    fim: z.string({ message: "Informe o último dia ocupado." }).refine(isDay, { message: "Informe o último dia ocupado (dd/mm/aaaa)." }),
    nota: z.string().trim().max(200, { message: "A observação pode ter no máximo 200 caracteres." }).optional(),
  })
  .superRefine((v, ctx) => {
    if (!isDay(v.inicio) || !isDay(v.fim)) return;
    if (v.fim < v.inicio) ctx.addIssue({ code: "custom", path: ["fim"], message: "O último dia deve ser o primeiro ou depois dele." });
    else if (v.fim < agencyToday()) ctx.addIssue({ code: "custom", path: ["fim"], message: "Esse período já passou." });
    else if (v.fim > addDays(agencyToday(), 730)) ctx.addIssue({ code: "custom", path: ["fim"], message: "Escolha um dia dentro dos próximos dois anos." });
  });

/** An iCal URL of another site (Airbnb, Booking…); where it may point is judged when it is fetched. */
export const icalFeedSchema = z.object({
  url: z
    .string({ message: "Informe o endereço do calendário (https://…)." })
    .trim()
    .max(2000, { message: "O endereço pode ter no máximo 2000 caracteres." })
    .refine((v) => /^https?:\/\/[^\s/]+/i.test(v) && URL.canParse(v), { message: "Informe um endereço http:// ou https://." }),
});

/**
 * 'Solicitar reserva' on a Temporada listing: who (as the contact form), the stay (the rules of
 * checkEstadia, São Paulo's today), an optional note. Nothing is booked: it lands in the inbox.
 */
export const reservaSchema = mensagemSchema
  .pick({ nome: true, email: true, telefone: true, [HONEYPOT_FIELD]: true })
  .extend({
    imovel_id: z.coerce.number({ message: "Imóvel inválido." }).int({ message: "Imóvel inválido." }).positive({ message: "Imóvel inválido." }),
    chegada: z.string({ message: "Informe a data de chegada (dd/mm/aaaa)." }),
    saida: z.string({ message: "Informe a data de saída (dd/mm/aaaa)." }),
    hospedes: z.string({ message: "Informe quantos hóspedes." }),
    mensagem: z.preprocess(
      (v) => (typeof v === "string" ? v.replace(/\r\n?/g, "\n") : v),
      z.string().trim().max(MENSAGEM_MAX, { message: `A observação pode ter no máximo ${MENSAGEM_MAX} caracteres.` }).optional(),
    ),
  })
  .superRefine((v, ctx) => {
    const checked = checkEstadia(v, agencyToday());
    if ("errors" in checked) for (const [path, message] of Object.entries(checked.errors)) ctx.addIssue({ code: "custom", path: [path], message });
  })
  .transform((v) => {
    const checked = checkEstadia(v, agencyToday());
    return { ...v, estadia: "estadia" in checked ? checked.estadia : null };
  });

export type ReservaInput = z.output<typeof reservaSchema>;
