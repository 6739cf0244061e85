// The e-mail alerts over HTTP (issue 32 §2): 'Criar alerta' from a list page's form, and the pages
// of one alert by its token. The models decide; this turns their outcomes into statuses and texts.
import { parseWithZod } from "@conform-to/zod/v4";
import { createContext } from "react-router";
import { logFor } from "~/log.server";
import { findAlerta, subscribe } from "~/models/alerts/alerta.server";
import { mailConfig } from "~/services/mail.server";
import { formatRetry, secondsUntil } from "~/services/rate-limit.server";
import { alertaSchema } from "~/utils/alerta-schema";
import { alertaBuscaOf, alertaPath, alertaText, type AlertaBusca } from "~/utils/alertas";
import { HONEYPOT_FIELD } from "~/utils/mensagem";
import { parseListFilter } from "~/utils/search-schema";

const log = logFor("alertas");

/** Whether this site can send alerts at all: without SMTP_URL no e-mail goes out (decision 0007). */
export const alertasAvailable = () => mailConfig() != null;

export type AlertaFormErrors = { email?: string[]; form?: string[] };
export type AlertaAnswer =
  | { status: 200; busca: AlertaBusca | null }
  | { status: 400 | 429 | 503; errors: AlertaFormErrors; email: string; busca: string; retryAfter?: number };

/** 'Criar alerta': validation, the search, the per-sender limits, the alert and its confirmation. */
export async function handleAlerta(form: FormData, ip: string): Promise<AlertaAnswer> {
  const typed = { email: String(form.get("email") ?? "").slice(0, 200), busca: String(form.get("busca") ?? "/imoveis").slice(0, 600) };
  // A bot that filled the honeypot gets the answer a person gets, and nothing is stored or sent.
  const honeypot = form.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot.trim() !== "") return { status: 200, busca: alertaBuscaOf(typed.busca, parseListFilter) };
  const submission = parseWithZod(form, { schema: alertaSchema });
  if (submission.status !== "success") {
    const fields = submission.error ?? {};
    const errors = { email: fields.email ?? undefined, form: fields.busca ?? undefined };
    return { status: 400, errors, ...typed };
  }
  const busca = alertaBuscaOf(submission.value.busca, parseListFilter);
  if (!busca) return { status: 400, errors: { form: ["Crie o alerta a partir de uma lista de imóveis (Locação, Venda, Temporada ou Todos)."] }, ...typed };
  if (!alertasAvailable()) return { status: 503, errors: { form: ["Os alertas por e-mail não estão disponíveis no momento. Tente mais tarde."] }, ...typed };
  try {
    const outcome = await subscribe(submission.value.email, busca, ip);
    if (outcome.ok) return { status: 200, busca };
    const text = `Você já pediu vários alertas em pouco tempo. Aguarde ${formatRetry(outcome.retryAt)} e tente de novo.`;
    return { status: 429, errors: { form: [text] }, retryAfter: secondsUntil(outcome.retryAt), ...typed };
  } catch (err) {
    // The error only: never the e-mail.
    log.error({ err }, "Falha ao criar o alerta");
    return { status: 503, errors: { form: ["Não conseguimos criar o alerta agora. Tente novamente em instantes."] }, ...typed };
  }
}

/** What an alert's pages show of it (never its e-mail in full: the link may have been forwarded). */
export async function alertaView(token: string) {
  const alerta = await findAlerta(token);
  if (!alerta) return null;
  const busca = { lista: alerta.lista, consulta: alerta.consulta };
  return {
    busca: alertaText(busca, parseListFilter(new URLSearchParams(busca.consulta))),
    buscaHref: alertaPath(busca),
    email: maskEmail(alerta.email),
    confirmado: alerta.confirmado_em != null,
    frequencia: alerta.frequencia,
  };
}
export type AlertaView = NonNullable<Awaited<ReturnType<typeof alertaView>>>;

/** "maria.souza@gmail.com" → "ma•••@gmail.com": enough for its owner to recognise it. */
export function maskEmail(email: string) {
  const [user, domain] = email.split("@");
  return `${user.slice(0, 2)}•••@${domain ?? ""}`;
}

/**
 * Set by /alertas/sair's action when it cancelled: React Router runs the page's loader after the
 * action in the same request, and that loader, finding no alert any more, would answer 404 over the
 * action's 200.
 */
export const alertaCancelledContext = createContext<boolean>(false);
