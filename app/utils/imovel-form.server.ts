import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { redirectWithSuccess, redirectWithWarning } from "remix-toast";
import { getEnv } from "~/env.server";
import { buscarCep } from "~/models/cep.server";
import { addPhotos, refusedMessage } from "~/models/foto.server";
import { insertImovel, updateImovel } from "~/models/imovel.server";
import { readUploadForm, UploadError, type Upload } from "~/models/upload.server";
import type { Imovel } from "~/db/schema";
import { formatMoney, formatNumber } from "./format";
import { imovelSchema, type ImovelInput } from "./imovel-schema";
import { sanitizeDescricao } from "./sanitize.server";

export const SAVED = "Imovel gravado com sucesso!";

/** The DB row as the form's string values (edit page). */
export function imovelToForm(imovel: Imovel): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(imovel)) out[k] = v == null ? "" : String(v);
  out.preco = formatMoney(imovel.preco);
  out.area = Number(imovel.area) > 0 ? formatNumber(imovel.area) : "";
  return out;
}

export function inputToRow(value: ImovelInput) {
  return {
    ...value,
    descricao: sanitizeDescricao(value.descricao),
    portao: value.portao ?? null,
    forro: value.forro ?? null,
    pintura: value.pintura ?? null,
    piso: value.piso ?? null,
    telhado: value.telhado ?? null,
  };
}

/**
 * The create/edit action. 'buscar-cep' only looks the CEP up and hands the form back filled (the
 * no-JavaScript path); 'salvar' validates, saves, stores the photos, and only then says so.
 */
export async function handleImovelForm(request: Request, id?: number) {
  let parsed: Awaited<ReturnType<typeof readUploadForm>>;
  try {
    parsed = await readUploadForm(request);
  } catch (e) {
    if (e instanceof UploadError) {
      return data({ result: null, cepMessage: null, formError: e.message }, { status: e.status });
    }
    throw e;
  }
  const { form, uploads, refused } = parsed;

  if (form.get("intent") === "buscar-cep") {
    const found = await buscarCep(String(form.get("cep") ?? ""));
    const result = parseWithZod(form, { schema: imovelSchema }).reply();
    // A lookup is not a save attempt: show no validation errors, only the CEP outcome.
    result.error = {};
    if (found.ok) result.initialValue = { ...(result.initialValue ?? {}), ...found.endereco };
    const status = found.ok ? 200 : found.reason === "indisponivel" ? 503 : 422;
    return data({ result, cepMessage: found.ok ? null : found.message, formError: null }, { status });
  }

  const saved = await saveImovel(form, uploads, id);
  if (!saved.ok) return data({ result: saved.result, cepMessage: null, formError: null }, { status: 400 });
  const notSaved = [...refused, ...saved.refused];
  const back = id == null ? "/admin/imovel" : `/admin/imovelEdit/${saved.id}`;
  if (notSaved.length) return redirectWithWarning(back, { message: SAVED, description: refusedMessage(notSaved) });
  return redirectWithSuccess(back, SAVED);
}

/**
 * Validates and saves a property form (create without `id`, update with it), then stores its
 * photos; `capa_upload` picks the cover among the uploads. Shared by the admin pages and /api.
 * Throws a 404 Response when `id` does not exist.
 */
export async function saveImovel(form: FormData, uploads: Upload[], id?: number) {
  const submission = parseWithZod(form, { schema: imovelSchema });
  if (submission.status !== "success") return { ok: false as const, result: submission.reply() };
  const row = inputToRow(submission.value);
  let imovelId: number;
  if (id == null) {
    imovelId = await insertImovel(row);
  } else {
    if (!(await updateImovel(id, row))) throw new Response("Imóvel não encontrado", { status: 404 });
    imovelId = id;
  }
  const coverRaw = form.get("capa_upload");
  const coverIndex = typeof coverRaw === "string" && /^\d+$/.test(coverRaw) ? Number(coverRaw) : undefined;
  const photos = await addPhotos(imovelId, uploads, { coverIndex });
  return { ok: true as const, id: imovelId, added: photos.added, refused: photos.refused };
}

export function formLimits() {
  return { maxUploadBytes: getEnv().MAX_UPLOAD_BYTES };
}
