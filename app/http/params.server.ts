// Ids and numbers from the URL or a form: one parser each, refusals in the one error shape.
import type { LoaderFunctionArgs } from "react-router";
import { getFotoOf } from "~/models/listings/foto.server";
import { STATUS, type Status } from "~/utils/enums";
import { ID_PATTERN as ID } from "~/utils/paths";
import { fieldError, notFound } from "./responses.server";

/** A route's id, or a 404 with `message` for anything else ("abc", "0", "1e3", 20 digits…). */
export function idParam(raw: string | undefined, message = "Imóvel não encontrado.") {
  if (!ID.test(raw ?? "")) throw notFound(message);
  return Number(raw);
}

/** The photo of /admin/imovelEdit/{id}/foto/{fotoId}/…, only when it belongs to that listing; else a 404. */
export async function fotoOfRoute(params: LoaderFunctionArgs["params"]) {
  const message = "Foto não encontrada neste imóvel.";
  const foto = await getFotoOf(idParam(params.id, message), idParam(params.fotoId, message));
  if (!foto) throw notFound(message);
  return foto;
}

/** A text field ("" when missing or a file). */
export function text(form: FormData | URLSearchParams, name: string) {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
}

/** A positive id sent in a field or the query; throws a 400 naming the field. */
export function fieldId(form: FormData | URLSearchParams, name: string, label = "o id do imóvel") {
  const raw = text(form, name).trim();
  if (!ID.test(raw)) {
    throw fieldError(name, raw ? `Valor inválido para ${name}: informe ${label} (número inteiro).` : `Informe ${label} em ${name}.`);
  }
  return Number(raw);
}

/** An optional whole number of the query within min..max, else a 400; `cap` clamps large values instead. */
export function intParam(
  params: URLSearchParams,
  name: string,
  opts: { min: number; max: number; fallback: number; cap?: boolean },
) {
  const raw = params.get(name)?.trim();
  if (!raw) return opts.fallback;
  const n = /^\d{1,12}$/.test(raw) ? Number(raw) : NaN;
  if (n >= opts.min && opts.cap) return Math.min(n, opts.max);
  if (!(n >= opts.min && n <= opts.max)) {
    throw fieldError(name, `Valor inválido para ${name}: use um número inteiro de ${opts.min} a ${opts.max}.`);
  }
  return n;
}

/** A page number of the query (pages and lists): anything odd means the first page. */
export function pageParam(params: URLSearchParams) {
  const raw = params.get("page") ?? "";
  return /^\d{1,6}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : 1;
}

const fold = (s: string) => s.normalize("NFD").replace(/[\u0300-\u036f]/g, "").trim().toLowerCase();

/** 'Locação', 'Locacao', 'locacao'… → the status; null for anything else. */
export function parseStatus(raw: string | null | undefined): Status | null {
  if (!raw) return null;
  const f = fold(raw);
  return STATUS.find((s) => fold(s) === f) ?? null;
}

export const STATUS_MESSAGE = `Status inválido: use ${STATUS.join(", ")}.`;

/**
 * The filters of /admin/imovel (and the links of 'Home admin'): q, ativo (sim/nao), status,
 * fotos (sem / sem-capa) and page; anything odd means "no such filter".
 */
export function adminListQueryOf(params: URLSearchParams) {
  const ativo = params.get("ativo");
  const fotos = params.get("fotos");
  return {
    q: (params.get("q") ?? "").slice(0, 100),
    ativo: ativo === "sim" || ativo === "nao" ? ativo : undefined,
    status: parseStatus(params.get("status")) ?? undefined,
    fotos: fotos === "sem" || fotos === "sem-capa" ? fotos : undefined,
    page: pageParam(params),
  } as const;
}
