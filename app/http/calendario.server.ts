// The admin's 'Calendário' of a Temporada listing (issue 33 §2): each of its plain forms posts here
// with an `intent`; a refused form comes back with its errors by their fields (HTTP 400), a done one
// goes back to the edit page with a toast. Pages and nothing else: no /api call for it yet.
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { redirectWithError, redirectWithSuccess } from "remix-toast";
import { addBloqueio, addIcalFeed, removeBloqueio, removeIcalFeed, saveTemporadaConfig } from "~/models/temporada/calendario.server";
import { syncImovelFeeds } from "~/models/temporada/ical-sync.server";
import { bloqueioSchema, calendarioSchema, icalFeedSchema } from "~/utils/temporada-schema";
import { formDataOf } from "./forms.server";
import { fetchOutboundWhole } from "./outbound-fetch.server";

export const CALENDARIO_INTENTS = ["config", "bloquear", "desbloquear", "ical-adicionar", "ical-remover", "sincronizar"] as const;
export type CalendarioIntent = (typeof CALENDARIO_INTENTS)[number];

/** A refused form of the section: which one, and conform's reply (errors by field, what was typed). */
export type CalendarioReply = { intent: CalendarioIntent; result: SubmissionResult<string[]> };

const rowId = (v: FormDataEntryValue | null) => (typeof v === "string" && /^\d{1,10}$/.test(v) ? Number(v) : 0);

/** The section's post: `{ reply, status: 400 }` for a refused form, otherwise a redirect (thrown) to the edit page. */
export async function handleCalendario(request: Request, imovelId: number): Promise<{ reply: CalendarioReply; status: 400 }> {
  const form = await formDataOf(request);
  const intent = form.get("intent");
  const back = `/admin/imovelEdit/${imovelId}#calendario`;
  const refused = (i: CalendarioIntent, result: SubmissionResult<string[]>) => ({ reply: { intent: i, result }, status: 400 as const });
  switch (intent) {
    case "config": {
      const s = parseWithZod(form, { schema: calendarioSchema });
      if (s.status !== "success") return refused(intent, s.reply());
      await saveTemporadaConfig(imovelId, s.value);
      throw await redirectWithSuccess(back, "Calendário gravado");
    }
    case "bloquear": {
      const s = parseWithZod(form, { schema: bloqueioSchema });
      if (s.status !== "success") return refused(intent, s.reply());
      await addBloqueio(imovelId, { inicio: s.value.inicio, fim: s.value.fim, nota: s.value.nota ?? "" });
      throw await redirectWithSuccess(back, "Datas bloqueadas");
    }
    case "desbloquear": {
      if (!(await removeBloqueio(imovelId, rowId(form.get("id"))))) throw await redirectWithError(back, "Período não encontrado");
      throw await redirectWithSuccess(back, "Datas liberadas");
    }
    case "ical-adicionar": {
      const s = parseWithZod(form, { schema: icalFeedSchema });
      if (s.status !== "success") return refused(intent, s.reply());
      await addIcalFeed(imovelId, s.value.url);
      // Read at once: the admin sees the dates (or the error) without waiting for the job.
      await syncImovelFeeds(imovelId, fetchOutboundWhole);
      throw await redirectWithSuccess(back, "Calendário iCal adicionado");
    }
    case "ical-remover": {
      if (!(await removeIcalFeed(imovelId, rowId(form.get("id"))))) throw await redirectWithError(back, "Calendário iCal não encontrado");
      throw await redirectWithSuccess(back, "Calendário iCal removido");
    }
    case "sincronizar": {
      const outcomes = await syncImovelFeeds(imovelId, fetchOutboundWhole);
      const failed = outcomes.filter((o) => !o.ok).length;
      if (failed) throw await redirectWithError(back, `${failed} de ${outcomes.length} calendários falharam`);
      throw await redirectWithSuccess(back, outcomes.length ? "Calendários sincronizados" : "Nenhum calendário iCal");
    }
    default:
      return refused("config", { status: "error", error: { "": ["Formulário desconhecido."] } });
  }
}
