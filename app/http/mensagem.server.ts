// A visitor's message (produto §2/§7), posted to the /contato page or to /api/contato alike: honeypot,
// validation, per-IP limit, save. Each caller only turns the outcome into HTML or JSON.
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import type { z } from "zod";
import { submitCaptacao } from "~/models/messages/captacao.server";
import { limitedUntil, submitMensagem, submitReserva, submitVisita, type MensagemOutcome } from "~/models/messages/mensagem.server";
import type { ImageUpload, Refused } from "~/services/images.server";
import { anuncieSchema } from "~/utils/anuncie-schema";
import { formatRetry, secondsUntil } from "~/services/rate-limit.server";
import { HONEYPOT_FIELD, mensagemSchema } from "~/utils/mensagem-schema";
import { visitaSchema } from "~/utils/visita-schema";
import { reservaSchema } from "~/utils/temporada-schema";
import { logFor } from "~/log.server";

const log = logFor("messages");

export const MENSAGEM_UNAVAILABLE =
  "Não conseguimos enviar sua mensagem agora. Tente novamente em instantes ou fale conosco pelo telefone.";

export type MensagemAnswer =
  | { status: 200; reply?: undefined }
  | { status: 400 | 429 | 503; reply: SubmissionResult<string[]>; message: string; retryAfter?: number };

/** The contact form (/contato, the property page's short form, /api/contato). */
export function handleMensagem(form: FormData, ip: string): Promise<MensagemAnswer> {
  return handleSubmission(form, ip, mensagemSchema, submitMensagem);
}

/** 'Agendar visita' (issue 22): the same steps, its own schema. */
export function handleVisita(form: FormData, ip: string): Promise<MensagemAnswer> {
  return handleSubmission(form, ip, visitaSchema, submitVisita);
}

/** 'Solicitar reserva' (issue 33): the same steps, its own schema. */
export function handleReserva(form: FormData, ip: string): Promise<MensagemAnswer> {
  return handleSubmission(form, ip, reservaSchema, submitReserva);
}

/** The answer to a sender already over the limit, before anything of the post is read; null when not. */
export async function tooManyMessages(ip: string): Promise<{ reply: SubmissionResult<string[]>; retryAfter: number } | null> {
  const until = await limitedUntil(ip);
  if (!until) return null;
  return { reply: { status: "error", error: { "": [tooManyText(until)] } }, retryAfter: secondsUntil(until) };
}

const tooManyText = (until: Date) =>
  `Você já enviou várias mensagens em pouco tempo. Aguarde ${formatRetry(until)} e tente de novo, ou fale conosco pelo telefone.`;

/** 'Anuncie seu imóvel' (issue 23): the same steps, its schema, and the photos; `refused` names the files left out. */
export async function handleCaptacao(form: FormData, uploads: ImageUpload[], ip: string): Promise<MensagemAnswer & { refused?: Refused[] }> {
  let refused: Refused[] = [];
  const answer = await handleSubmission(form, ip, anuncieSchema, async (value, ip) => {
    const outcome = await submitCaptacao(value, uploads, ip);
    if (outcome.ok) refused = outcome.refused ?? [];
    return outcome;
  });
  return { ...answer, refused };
}

async function handleSubmission<S extends z.ZodTypeAny>(
  form: FormData,
  ip: string,
  schema: S,
  submit: (value: z.output<S>, ip: string) => Promise<MensagemOutcome>,
): Promise<MensagemAnswer> {
  // A bot that filled the honeypot gets the same answer as a person, so it learns nothing.
  const honeypot = form.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot.trim() !== "") return { status: 200 };
  const submission = parseWithZod(form, { schema });
  if (submission.status !== "success") {
    return { status: 400, reply: submission.reply(), message: "Verifique os campos informados." };
  }
  try {
    const outcome = await submit(submission.value, ip);
    if (outcome.ok) return { status: 200 };
    const message = tooManyText(outcome.retryAt);
    return { status: 429, reply: submission.reply({ formErrors: [message] }), message, retryAfter: secondsUntil(outcome.retryAt) };
  } catch (e) {
    // Whatever failed, the message is not stored: say so and keep what the visitor typed.
    // The error only: never the message itself (a visitor's name, e-mail, phone, text).
    log.error({ err: e }, "Falha ao gravar a mensagem");
    return { status: 503, reply: submission.reply({ formErrors: [MENSAGEM_UNAVAILABLE] }), message: MENSAGEM_UNAVAILABLE };
  }
}
