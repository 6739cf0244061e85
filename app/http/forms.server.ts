// Reading a request body: plain forms, multipart (uploads.server.ts) and the JSON objects /api takes.
import type { ImageUpload, Refused } from "~/services/images.server";
import { jsonError } from "./responses.server";
import { readUploadForm } from "./uploads.server";

/** What a body without files may weigh. */
export const FORM_LIMIT = 1024 * 1024;

/** The posted form, or a 400 for a body that is not one (malformed multipart, wrong type…). */
export async function formDataOf(request: Request) {
  try {
    return await request.formData();
  } catch {
    throw jsonError(400, "Formulário inválido: não foi possível ler os dados enviados.");
  }
}

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
 * The body of an /api call as FormData: JSON objects, urlencoded and multipart forms. Without
 * options it takes no files and at most 1 MB; pass readUploadForm's options to accept files.
 */
export async function readForm(
  request: Request,
  opts: ReadOptions = { fileFields: () => false, maxTotalBytes: FORM_LIMIT },
): Promise<{ form: FormData; uploads: ImageUpload[]; refused: Refused[] }> {
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  if (/^application\/([\w.+-]*\+)?json\b/.test(type)) return { form: await readJsonObject(request), uploads: [], refused: [] };
  if (type.startsWith("multipart/form-data") || type.startsWith("application/x-www-form-urlencoded")) {
    return readUploadForm(request, opts);
  }
  const text = request.body ? await request.text().catch(() => "x") : "";
  if (text.trim() === "") return { form: new FormData(), uploads: [], refused: [] };
  throw jsonError(415, "Tipo de conteúdo não suportado: envie multipart/form-data, x-www-form-urlencoded ou JSON.");
}
