import type { SubmissionResult } from "@conform-to/react";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { PhotoError, refusedMessage } from "~/models/foto.server";
import { ImageError } from "~/models/images.server";
import { requireAdminApi } from "~/models/session.server";
import { EMPTY_FILE, UploadError, readUploadForm, type Refused, type Upload } from "~/models/upload.server";
import { STATUS, type Status } from "./enums";

/** Every /api answer is JSON and never cached (admin data must not sit in a shared cache). */
export function json(body: unknown, init: { status?: number; headers?: HeadersInit } = {}) {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  headers.set("Cache-Control", "no-store");
  return new Response(JSON.stringify(body), { status: init.status ?? 200, headers });
}

export type Fields = Record<string, string[]>;

/** The one error shape of /api: `{ error, fields? }`. */
export function jsonError(status: number, error: string, opts: { fields?: Fields; headers?: HeadersInit } = {}) {
  return json(opts.fields ? { error, fields: opts.fields } : { error }, { status, headers: opts.headers });
}

/** A 400 naming the one field at fault. */
export function fieldError(field: string, message: string, status = 400) {
  return jsonError(status, message, { fields: { [field]: [message] } });
}

/** Files refused by the upload checks: 413 when one is too large, else 400. */
export function refusedError(field: string, refused: Refused[]) {
  const status = refused.every((r) => r.reason === EMPTY_FILE) ? 400 : 413;
  return jsonError(status, refusedMessage(refused), { fields: { [field]: refused.map((r) => r.reason) } });
}

export function methodNotAllowed(allowed: string[]) {
  return jsonError(405, `Método não permitido: use ${allowed.join(" ou ")}.`, { headers: { Allow: allowed.join(", ") } });
}

/** Throws the 405 unless the request uses one of `allowed`. */
export function allowMethods(request: Request, allowed: string[]) {
  if (!allowed.includes(request.method)) throw methodNotAllowed(allowed);
}

/** conform's failed submission as a 422 with the messages per field. */
export function validationError(result: SubmissionResult<string[]>) {
  const fields: Fields = {};
  let formError: string | undefined;
  for (const [k, v] of Object.entries(result.error ?? {})) {
    if (!v?.length) continue;
    if (k === "") formError = v[0];
    else fields[k] = v;
  }
  return jsonError(422, formError ?? "Verifique os campos informados.", { fields });
}

const DEFAULT_MESSAGE: Record<number, string> = {
  400: "Requisição inválida.",
  401: "Não autorizado",
  403: "Acesso negado.",
  404: "Não encontrado.",
  405: "Método não permitido.",
  409: "Conflito: o recurso foi alterado.",
  413: "Envio grande demais.",
  429: "Muitas requisições.",
};

/** Any thrown error as the JSON error shape; unexpected ones are logged and answered 500. */
async function toErrorResponse(e: unknown): Promise<Response> {
  if (e instanceof Response) {
    if (e.status < 400 || e.headers.get("Content-Type")?.includes("application/json")) return e;
    const text = (await e.text().catch(() => "")).trim();
    const headers = new Headers(e.headers);
    headers.delete("Content-Type");
    headers.delete("Content-Length");
    return jsonError(e.status, text.slice(0, 300) || DEFAULT_MESSAGE[e.status] || "Erro.", { headers });
  }
  if (e instanceof UploadError || e instanceof PhotoError) return jsonError(e.status, e.message);
  if (e instanceof ImageError) return jsonError(400, `Imagem não aceita: ${e.message}.`);
  console.error("Erro inesperado em /api", e);
  return jsonError(500, "Erro interno do servidor. Tente novamente.");
}

type Args = LoaderFunctionArgs;

/** A loader or action of /api: whatever it throws comes back in the JSON error shape. */
export function apiRoute(fn: (args: Args) => Promise<Response> | Response) {
  return async (args: Args): Promise<Response> => {
    try {
      return await fn(args);
    } catch (e) {
      return toErrorResponse(e);
    }
  };
}

/** The half of a route for methods it does not serve: an admin call still answers 401 first. */
export function refuse(allowed: string[], opts: { admin?: boolean } = {}) {
  return apiRoute(async ({ request }) => {
    if (opts.admin) await requireAdminApi(request);
    return methodNotAllowed(allowed);
  });
}

// ---- Reading input ------------------------------------------------------------------------

const FORM_LIMIT = 1024 * 1024;

async function readJsonObject(request: Request): Promise<FormData> {
  const declared = Number(request.headers.get("Content-Length"));
  const tooBig = () => jsonError(413, "Envio grande demais: o corpo JSON passa de 1 MB.");
  if (Number.isFinite(declared) && declared > FORM_LIMIT) throw tooBig();
  let text: string;
  try {
    text = await request.text();
  } catch {
    throw jsonError(400, "Não foi possível ler o corpo da requisição.");
  }
  if (text.length > FORM_LIMIT) throw tooBig();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw jsonError(400, "JSON inválido.");
  }
  if (value == null || typeof value !== "object" || Array.isArray(value)) {
    throw jsonError(400, "O corpo JSON deve ser um objeto com os campos.");
  }
  const form = new FormData();
  const add = (k: string, v: unknown) => {
    if (typeof v === "string") form.append(k, v);
    else if (typeof v === "number" || typeof v === "boolean") form.append(k, String(v));
  };
  for (const [k, v] of Object.entries(value)) {
    if (Array.isArray(v)) v.forEach((item) => add(k, item));
    else add(k, v);
  }
  return form;
}

type ReadOptions = Parameters<typeof readUploadForm>[1];

/**
 * The body of a call as FormData: JSON objects, urlencoded and multipart forms. Without options
 * it takes no files and at most 1 MB; pass readUploadForm's options to accept files.
 */
export async function readForm(
  request: Request,
  opts: ReadOptions = { fileFields: () => false, maxTotalBytes: FORM_LIMIT },
): Promise<{ form: FormData; uploads: Upload[]; refused: Refused[] }> {
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  if (/^application\/([\w.+-]*\+)?json\b/.test(type)) return { form: await readJsonObject(request), uploads: [], refused: [] };
  if (type.startsWith("multipart/form-data") || type.startsWith("application/x-www-form-urlencoded")) {
    return readUploadForm(request, opts);
  }
  const text = request.body ? await request.text().catch(() => "x") : "";
  if (text.trim() === "") return { form: new FormData(), uploads: [], refused: [] };
  throw jsonError(415, "Tipo de conteúdo não suportado: envie multipart/form-data, x-www-form-urlencoded ou JSON.");
}

/** A text field ("" when missing or a file). */
export function text(form: FormData | URLSearchParams, name: string) {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
}

/** A positive id sent in a field or the query; throws a 400 naming the field. */
export function fieldId(form: FormData | URLSearchParams, name: string, label = "o id do imóvel") {
  const raw = text(form, name).trim();
  if (!/^[1-9]\d{0,8}$/.test(raw)) {
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

const fold = (s: string) => s.normalize("NFD").replace(/[\u0300-\u036f]/g, "").trim().toLowerCase();

/** 'Locação', 'Locacao', 'locacao'… → the status; null for anything else. */
export function parseStatus(raw: string | null | undefined): Status | null {
  if (!raw) return null;
  const f = fold(raw);
  return STATUS.find((s) => fold(s) === f) ?? null;
}

export const STATUS_MESSAGE = `Status inválido: use ${STATUS.join(", ")}.`;
