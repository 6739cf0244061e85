// The admin list's on/off switches (components/row-switch.tsx) post here through their routes.
import { redirectWithSuccess } from "remix-toast";
import type { Actor } from "~/models/history/history.server";
import { actorOf, requireAdmin } from "./auth.server";
import { formDataOf } from "./forms.server";
import { idParam } from "./params.server";
import { safeRedirect } from "./redirect";
import { fieldError, notFound } from "./responses.server";

type Switch = {
  /** the posted field, 'sim' or 'nao' */
  field: string;
  /** how the refusal names it */
  label: string;
  set: (actor: Actor, id: number, value: "sim" | "nao") => Promise<boolean>;
  /** the toast for each new value */
  done: Record<"sim" | "nao", string>;
};

/** A switch's post: the listing's field set, back to the list (a plain form post, so without JavaScript too). */
export async function handleRowSwitch(request: Request, rawId: string | undefined, s: Switch) {
  const actor = actorOf(request, await requireAdmin(request));
  const id = idParam(rawId);
  const form = await formDataOf(request);
  const value = form.get(s.field);
  if (value !== "sim" && value !== "nao") throw fieldError(s.field, `Valor inválido para ${s.label} (use sim ou nao).`);
  if (!(await s.set(actor, id, value))) throw notFound("Imóvel não encontrado.");
  return redirectWithSuccess(safeRedirect(form.get("back"), "/admin/imovel"), s.done[value]);
}
