// The HTTP side of the atendimentos (issue 34): the board's query string, and the posts of an
// atendimento's forms (stage, owner, 'Assumir', follow-up, note), from its page or a board card.
// Plain posts: a success goes back to `back` with a toast; a refused form comes back to the page
// with its errors next to its fields (conform's reply), status 400.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import type { SessionUser } from "~/models/accounts/session.server";
import { addNota, assumir, setEtapa, setResponsavel, setRetorno } from "~/models/atendimentos/atendimento-write.server";
import { ATENDIMENTO_FILTROS, ORIGENS, fromLocalInput, type AtendimentoFiltro, type AtendimentoQuery } from "~/utils/atendimento";
import { ATENDIMENTO_DONE, etapaSchema, notaSchema, responsavelSchema, retornoSchema } from "~/utils/atendimento-schema";
import type { MensagemTipo } from "~/utils/mensagem";
import { actorOf } from "./auth.server";
import { idParam } from "./params.server";
import { safeRedirect } from "./redirect";
import { jsonError, problemOf } from "./responses.server";

export const BOARD = "/admin/atendimentos";
const NOT_FOUND = "Atendimento não encontrado.";

export const atendimentoIdParam = (raw: string | undefined) => idParam(raw, NOT_FOUND);

/** filtro (default 'todos'), imovel (a code or id) and origem (a message kind); odd values fall back. */
export function boardQueryOf(request: Request): AtendimentoQuery {
  const p = new URL(request.url).searchParams;
  const raw = p.get("filtro");
  const filtro: AtendimentoFiltro = ATENDIMENTO_FILTROS.some((f) => f.value === raw) ? (raw as AtendimentoFiltro) : "todos";
  const origemRaw = p.get("origem") ?? "";
  const origem = ORIGENS.some((o) => o.tipo === origemRaw) ? (origemRaw as MensagemTipo) : "";
  const imovel = (p.get("imovel") ?? "").trim().slice(0, 20);
  return { filtro, origem, imovel: /^[A-Za-z]{0,4}\d{1,9}$/.test(imovel) ? imovel : "" };
}

/** Where a form goes back to: the board (with its filters), the atendimento's page or 'Home admin'. */
export function atendimentoBack(value: unknown, id: number) {
  const back = safeRedirect(value, `${BOARD}/${id}`);
  return back === "/admin" || back === BOARD || back.startsWith(`${BOARD}?`) || back.startsWith(`${BOARD}/`) ? back : `${BOARD}/${id}`;
}

const SCHEMAS = { etapa: etapaSchema, responsavel: responsavelSchema, retorno: retornoSchema, nota: notaSchema } as const;
type FormIntent = keyof typeof SCHEMAS;

/** The answer of a refused form: which form, and conform's reply (errors next to the fields). */
export type AtendimentoAnswer = { intent: FormIntent | "assumir"; reply?: SubmissionResult<string[]>; error?: string };

/** POST /admin/atendimentos/{id}: the form named by `intent`. */
export async function handleAtendimentoPost(request: Request, user: SessionUser, rawId: string | undefined, form: FormData) {
  const id = atendimentoIdParam(rawId);
  const actor = actorOf(request, user);
  const intent = String(form.get("intent") ?? "");
  const back = atendimentoBack(form.get("back"), id);
  let run: () => Promise<boolean>;
  if (intent === "assumir") {
    run = () => assumir(actor, id);
  } else if (Object.hasOwn(SCHEMAS, intent)) {
    const submission = parseWithZod(form, { schema: SCHEMAS[intent as FormIntent] });
    if (submission.status !== "success") return data<AtendimentoAnswer>({ intent: intent as FormIntent, reply: submission.reply() }, { status: 400 });
    const v = submission.value;
    if (v.intent === "etapa") run = () => setEtapa(actor, id, v.etapa, v.motivo ?? null);
    else if (v.intent === "responsavel") run = () => setResponsavel(actor, id, v.responsavel ?? null);
    else if (v.intent === "retorno") run = () => setRetorno(actor, id, v.retornar_em ? fromLocalInput(v.retornar_em) : null);
    else run = () => addNota(actor, id, v.texto);
  } else {
    throw jsonError(400, "Ação desconhecida para o atendimento.");
  }
  try {
    if (!(await run())) throw jsonError(404, NOT_FOUND);
  } catch (e) {
    const problem = problemOf(e);
    if (!problem) throw e;
    return data<AtendimentoAnswer>({ intent: intent as FormIntent, error: problem.message }, { status: problem.status });
  }
  return redirectWithSuccess(back, ATENDIMENTO_DONE[intent as keyof typeof ATENDIMENTO_DONE]);
}
