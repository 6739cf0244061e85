// The property form (produto §3) as posted by the admin pages and by /api: read, validate, save.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { redirectWithSuccess, redirectWithWarning } from "remix-toast";
import { getEnv } from "~/env.server";
import type { Actor } from "~/models/history/history.server";
import { refusedMessage } from "~/models/listings/foto.server";
import { saveImovel, type Imovel } from "~/models/listings/imovel.server";
import { lookupCep } from "~/services/cep.server";
import type { ImageUpload } from "~/services/images.server";
import { formatMoney, formatNumber } from "~/utils/format";
import { imovelSchema } from "~/utils/imovel-schema";
import { clientIp } from "./request.server";
import { problemOf } from "./responses.server";
import { formPhotos } from "./staged-upload.server";
import { readUploadForm, releaseUploads } from "./uploads.server";

export const SAVED = "Imovel gravado com sucesso!";

/** The stored listing as the form's string values (edit page). */
export function imovelToForm(imovel: Imovel): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(imovel)) out[k] = v == null ? "" : String(v);
  out.preco = formatMoney(imovel.preco);
  out.condominio = imovel.condominio == null ? "" : formatMoney(imovel.condominio);
  out.iptu = imovel.iptu == null ? "" : formatMoney(imovel.iptu);
  out.area = Number(imovel.area) > 0 ? formatNumber(imovel.area) : "";
  return out;
}

/**
 * Validates a posted property form and saves it with its photos (`capa_upload` picks the capa among
 * them, the photos sent ahead first). Shared by the admin pages and /api; a missing `id` is a
 * not_found DomainError.
 */
export async function submitImovelForm(actor: Actor, form: FormData, uploads: ImageUpload[], id?: number) {
  const submission = parseWithZod(form, { schema: imovelSchema });
  if (submission.status !== "success") return { ok: false as const, result: submission.reply() };
  // conform reads a blank field as one not sent. For the optional costs and the video the two differ: sent blank
  // clears the stored value, not sent (an /api client older than the fields) keeps it.
  const value = { ...submission.value };
  for (const key of ["condominio", "iptu", "video"] as const) if (value[key] === undefined && form.has(key)) value[key] = null;
  const capaRaw = form.get("capa_upload");
  const capaIndex = typeof capaRaw === "string" && /^\d{1,2}$/.test(capaRaw) ? Number(capaRaw) : undefined;
  // Photos sent ahead (with JavaScript, /api/enviar_foto) come as tokens before the file parts.
  const photos = formPhotos(form, { uploads, refused: [] });
  const saved = await saveImovel(actor, value, photos.uploads, { id, capaIndex });
  return { ok: true as const, ...saved, refused: [...photos.refused, ...saved.refused] };
}

/** What the create/edit page renders after a refused post: the form's state and what went wrong. */
type ImovelFormAnswer = { result: SubmissionResult<string[]> | null; cepMessage: string | null; formError: string | null };

/**
 * The create/edit page action. 'buscar-cep' only looks the CEP up and hands the form back filled
 * (the no-JavaScript path); 'salvar' validates, saves, stores the photos, and only then says so.
 */
export async function handleImovelForm(request: Request, actor: Actor, id?: number) {
  const answer = (status: number, fields: Partial<ImovelFormAnswer>) =>
    data<ImovelFormAnswer>({ result: null, cepMessage: null, formError: null, ...fields }, { status });
  try {
    const { form, uploads, refused } = await readUploadForm(request);
    if (form.get("intent") === "buscar-cep") {
      const found = await lookupCep(String(form.get("cep") ?? ""), clientIp(request));
      const result = parseWithZod(form, { schema: imovelSchema }).reply();
      // A lookup is not a save attempt: show no validation errors, only the CEP outcome.
      result.error = {};
      if (found.ok) result.initialValue = { ...(result.initialValue ?? {}), ...found.endereco };
      const status = found.ok ? 200 : { indisponivel: 503, limite: 429, nao_encontrado: 422, invalido: 422 }[found.reason];
      return answer(status, { result, cepMessage: found.ok ? null : found.message });
    }
    const saved = await submitImovelForm(actor, form, uploads, id);
    if (!saved.ok) return answer(400, { result: saved.result });
    const notSaved = [...refused, ...saved.refused];
    const back = id == null ? "/admin/imovel" : `/admin/imovelEdit/${saved.id}`;
    if (notSaved.length) return redirectWithWarning(back, { message: SAVED, description: refusedMessage(notSaved) });
    return redirectWithSuccess(back, SAVED);
  } catch (e) {
    const problem = problemOf(e);
    if (problem) return answer(problem.status, { formError: problem.message });
    throw e;
  } finally {
    await releaseUploads(request);
  }
}

export function formLimits() {
  return { maxUploadBytes: getEnv().MAX_UPLOAD_BYTES };
}
