// The HTTP side of the inbox (/admin/mensagens, produto §11): its query string, its ids, and the
// state changes posted by its forms (plain posts without JavaScript, fetchers with it).
import { data } from "react-router";
import { redirectWithInfo, redirectWithSuccess } from "remix-toast";
import { DomainError } from "~/models/errors";
import { createImovelFromCaptacao } from "~/models/listings/imovel-from-captacao.server";
import type { Actor } from "~/models/history/history.server";
import { deleteMensagem, setArquivada, setLida } from "~/models/messages/mensagem-actions.server";
import { getMensagem } from "~/models/messages/mensagem-inbox.server";
import { retryEmail } from "~/models/messages/mensagem-outbox.server";
import { MENSAGEM_FILTERS, type MensagemFilter } from "~/utils/mensagem";
import { formDataOf } from "./forms.server";
import { idParam, pageParam } from "./params.server";
import { safeRedirect } from "./redirect";
import { pagePath } from "./request.server";
import { jsonError, notFound } from "./responses.server";
import { ID_PATTERN } from "~/utils/paths";

export const INBOX = "/admin/mensagens";
const NOT_FOUND = "Mensagem não encontrada.";

/** The id of /admin/mensagens/{id}/…, or a 404. */
export const mensagemIdParam = (raw: string | undefined) => idParam(raw, NOT_FOUND);

/** filtro (default 'todas'), q, dias (1–365) and page of the inbox's query string; odd values fall back. */
export function inboxQueryOf(request: Request) {
  const params = new URL(request.url).searchParams;
  const raw = params.get("filtro");
  const filter: MensagemFilter = MENSAGEM_FILTERS.some((f) => f.value === raw) ? (raw as MensagemFilter) : "todas";
  const diasRaw = params.get("dias") ?? "";
  const dias = /^\d{1,3}$/.test(diasRaw) && Number(diasRaw) >= 1 && Number(diasRaw) <= 365 ? Number(diasRaw) : undefined;
  return { filter, q: (params.get("q") ?? "").slice(0, 100), dias, page: pageParam(params) };
}

/**
 * The message a request opens (GET /admin/mensagens/{id}, or its .data), so the admin bar counts it as read
 * already: its loader runs beside the message page's, which marks it read.
 */
export function openingMensagemId(request: Request) {
  const m = /^\/admin\/mensagens\/([1-9]\d{0,8})\/?$/.exec(pagePath(request));
  return request.method === "GET" && m ? Number(m[1]) : undefined;
}

/** The list the forms of a message go back to (their `back` field), only ever an inbox page. */
export function inboxBack(value: unknown) {
  const back = safeRedirect(value, INBOX);
  return back === INBOX || back.startsWith(`${INBOX}?`) || back.startsWith(`${INBOX}/`) ? back : INBOX;
}

const INTENTS = {
  lida: { run: (a: Actor, id: number) => setLida(a, id, true), done: "Mensagem marcada como lida" },
  "nao-lida": { run: (a: Actor, id: number) => setLida(a, id, false), done: "Mensagem marcada como não lida" },
  arquivar: { run: (a: Actor, id: number) => setArquivada(a, id, true), done: "Mensagem arquivada" },
  desarquivar: { run: (a: Actor, id: number) => setArquivada(a, id, false), done: "Mensagem desarquivada" },
  reenviar: { run: (a: Actor, id: number) => retryEmail(a, id), done: "Novo envio do e-mail agendado" },
} as const;

/**
 * POST /admin/mensagens/{id}: intent lida, nao-lida, arquivar, desarquivar or reenviar.
 * A fetcher (`_fetcher=1`) gets `{ ok }` and the page revalidates in place; a plain form goes
 * back to `back` with a toast.
 */
export async function changeMensagem(request: Request, actor: Actor, rawId: string | undefined, read?: FormData) {
  const form = read ?? (await formDataOf(request));
  const fetcher = form.get("_fetcher") === "1";
  const refuse = (status: number, error: string) => {
    // A fetcher shows the reason beside its button; a page shows it in the route's ErrorBoundary.
    if (fetcher) return data({ ok: false as const, error }, { status });
    throw jsonError(status, error);
  };
  const id = ID_PATTERN.test(rawId ?? "") ? Number(rawId) : null;
  if (id === null) return refuse(404, NOT_FOUND);
  const intent = String(form.get("intent") ?? "");
  // Own keys only: "toString" or "constructor" would otherwise find Object.prototype's members.
  const action = Object.hasOwn(INTENTS, intent) ? INTENTS[intent as keyof typeof INTENTS] : undefined;
  if (!action) return refuse(400, "Ação desconhecida para a mensagem.");
  if (!(await action.run(actor, id))) {
    if (intent === "reenviar" && (await getMensagem(id))) return refuse(409, "Este e-mail não falhou: não há o que reenviar.");
    return refuse(404, NOT_FOUND);
  }
  if (fetcher) return data({ ok: true as const, error: undefined });
  return redirectWithSuccess(inboxBack(form.get("back")), action.done);
}

/** 'Criar imóvel' (issue 23): the listing of an owner's offer, made once; opens its edit page. */
export async function criarImovel(actor: Actor, rawId: string | undefined) {
  const id = mensagemIdParam(rawId);
  // Two clicks (or two admins) at once: the one that lost finds the listing the other made.
  const made = await createImovelFromCaptacao(actor, id).catch((e: unknown) => {
    if (e instanceof DomainError && e.kind === "conflict") return createImovelFromCaptacao(actor, id);
    throw e;
  });
  if (!made) throw notFound("Mensagem de captação não encontrada.");
  const edit = `/admin/imovelEdit/${made.id}`;
  if (!made.created) return redirectWithInfo(edit, "Este imóvel já tinha sido criado a partir da mensagem.");
  return redirectWithSuccess(edit, "Imóvel criado, inativo, com os dados e as fotos da captação. Revise e ative quando estiver pronto.");
}

/** SIM of the 'Excluir' confirmation. */
export async function removeMensagem(actor: Actor, rawId: string | undefined, back: string) {
  if (!(await deleteMensagem(actor, mensagemIdParam(rawId)))) throw notFound(NOT_FOUND);
  return redirectWithSuccess(inboxBack(back), "Mensagem excluída");
}
