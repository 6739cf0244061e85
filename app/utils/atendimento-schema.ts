import { z } from "zod";
import { ETAPAS, MOTIVOS, fromLocalInput } from "./atendimento";

// The forms of an atendimento (issue 34), shared by the browser (conform) and the action. Written for
// zod 3 and zod 4 alike: messages as `{ message }`, refinements of code 'custom' only. Empty inputs
// reach zod as undefined (conform's coercion).

const escolha = (what: string) => ({ message: `Escolha ${what}.` });

/** 'Etapa': the stage, and for 'Perdido' the motive (required then, next to its field). */
export const etapaSchema = z
  .object({
    intent: z.literal("etapa"),
    etapa: z.enum(ETAPAS, escolha("a etapa")),
    motivo: z.enum(MOTIVOS, escolha("o motivo")).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.etapa === "Perdido" && !v.motivo) ctx.addIssue({ code: "custom", path: ["motivo"], message: "Informe o motivo da perda." });
  });

/** 'Responsável': an admin's id, or empty for nobody. 'Assumir' is its own button (intent assumir). */
export const responsavelSchema = z.object({
  intent: z.literal("responsavel"),
  responsavel: z.coerce.number({ message: "Escolha um administrador." }).int({ message: "Escolha um administrador." }).positive({ message: "Escolha um administrador." }).optional(),
});

/** 'Retornar em': a date and time (São Paulo), or empty to clear it. */
export const retornoSchema = z.object({
  intent: z.literal("retorno"),
  retornar_em: z
    .string()
    .refine((v) => fromLocalInput(v) !== null, { message: "Informe a data e a hora, como 28/11/2026 09:30." })
    .optional(),
});

export const NOTA_MAX = 2000;

/** 'Anotação': a note on the timeline. */
export const notaSchema = z.object({
  intent: z.literal("nota"),
  texto: z
    .string({ message: "Escreva a anotação." })
    .trim()
    .min(1, { message: "Escreva a anotação." })
    .max(NOTA_MAX, { message: `A anotação pode ter no máximo ${NOTA_MAX} caracteres.` }),
});

export const ATENDIMENTO_DONE = {
  etapa: "Etapa alterada",
  responsavel: "Responsável alterado",
  assumir: "Atendimento assumido",
  retorno: "Retorno salvo",
  nota: "Anotação adicionada",
} as const;
