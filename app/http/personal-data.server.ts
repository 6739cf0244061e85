// The HTTP side of 'Dados de uma pessoa' (/admin/dados-pessoais, issue 24 LGPD): the search box read
// from the query string, the JSON download, and the confirmed deletion.
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { redirectWithSuccess } from "remix-toast";
import { getAgency } from "~/env.server";
import type { AdminUser } from "~/models/accounts/user.server";
import { deletePersonalData, findPersonalData } from "~/models/privacy/personal-data.server";
import { PERSONAL_DATA, personalDataHref, type PersonKey } from "~/utils/personal-data";
import { personDeleteSchema, personSearchSchema } from "~/utils/personal-data-schema";
import { actorOf } from "./auth.server";
import { formDataOf } from "./forms.server";
import { json } from "./responses.server";

/** The box of the query string: nothing asked, a person, or why the box is refused (400). */
export function personAsked(request: Request): { q: string; who?: PersonKey; error?: string } {
  const q = new URL(request.url).searchParams.get("q");
  if (q == null || q.trim() === "") return { q: "" };
  const parsed = personSearchSchema.safeParse({ q });
  return parsed.success ? { q: q.trim(), who: parsed.data.q } : { q: q.slice(0, 191), error: parsed.error.issues[0].message };
}

/**
 * GET /admin/dados-pessoais/exportar?q=…: everything held about the person as a JSON download
 * (LGPD art. 18, access and portability), with who holds it. A plain link, so it works without
 * JavaScript. A bad or missing box is a 400 `{ error }`.
 */
export async function exportPersonalData(request: Request) {
  const { who, error } = personAsked(request);
  if (!who) return json({ error: error ?? "Informe um e-mail ou um telefone." }, { status: 400 });
  const data = await findPersonalData(who);
  const agency = getAgency();
  const body = {
    controlador: { nome: agency.name, email: agency.email, telefone: agency.phone, endereco: `${agency.street}, ${agency.neighbourhood}, ${agency.city}/${agency.state}, CEP ${agency.cep}` },
    gerado_em: new Date().toISOString(),
    ...data,
  };
  const day = body.gerado_em.slice(0, 10);
  return json(body, { headers: { "Content-Disposition": `attachment; filename="dados-pessoais-${day}.json"` } });
}

export type PersonDeleteAnswer = { ok: false; status: 400; reply: SubmissionResult<string[]> };

/** POST /admin/dados-pessoais/excluir: with the box ticked, deletes and goes back to the search (now empty). */
export async function deletePerson(request: Request, user: AdminUser): Promise<PersonDeleteAnswer | Response> {
  const form = await formDataOf(request);
  const submission = parseWithZod(form, { schema: personDeleteSchema });
  if (submission.status !== "success") return { ok: false, status: 400, reply: submission.reply() };
  const n = await deletePersonalData(submission.value.q, actorOf(request, user));
  // Back to the same search, which now finds nothing: the admin sees it is done.
  return redirectWithSuccess(personalDataHref(PERSONAL_DATA, String(form.get("q")).trim()), `Dados excluídos: ${n.mensagens} mensagem(ns), ${n.fotos} foto(s), ${n.emails} e-mail(s) da fila${n.alertas ? `, ${n.alertas} alerta(s)` : ""}.`);
}
