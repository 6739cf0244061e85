// Every refusal, page or /api, is one shape: a JSON `{ error, fields? }` with a 4xx status. Thrown
// from a page loader or action, React Router hands its `error` to the route's ErrorBoundary.
import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import { DomainError } from "~/models/errors";
import { refusedMessage } from "~/models/listings/foto.server";
import { ImageError, type Refused } from "~/services/images.server";
import { StorageError } from "~/services/storage/contract.server";
import { EMPTY_FILE, UploadError } from "./uploads.server";
import { logFor } from "~/log.server";

const log = logFor("photos");

/**
 * A JSON answer. Its Cache-Control is decided in one place for every response, by who asked and
 * what was asked (server/router.ts#cacheControlFor): `private, no-store` for an admin, shared
 * briefly for a public read, `no-store` for the rest.
 */
export function json(body: unknown, init: { status?: number; headers?: HeadersInit } = {}) {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  return new Response(JSON.stringify(body), { status: init.status ?? 200, headers });
}

export type Fields = Record<string, string[]>;

/** The one error shape: `{ error, fields? }`. */
export function jsonError(status: number, error: string, opts: { fields?: Fields; headers?: HeadersInit } = {}) {
  return json(opts.fields ? { error, fields: opts.fields } : { error }, { status, headers: opts.headers });
}

export const notFound = (message: string) => jsonError(404, message);

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

export const STORAGE_DOWN = "O armazenamento de fotos não respondeu; nada foi alterado. Tente de novo em instantes.";

const DOMAIN_STATUS = { invalid: 400, not_found: 404, conflict: 409 } as const;

/** The status and message for an error the user can act on; null for a real failure. */
export function problemOf(e: unknown): { status: number; message: string } | null {
  if (e instanceof DomainError) return { status: DOMAIN_STATUS[e.kind], message: e.message };
  if (e instanceof UploadError) return { status: e.status, message: e.message };
  if (e instanceof ImageError) return { status: 400, message: `Imagem não aceita: ${e.message}.` };
  if (e instanceof StorageError) {
    // Not the admin's fault and nothing was saved: say so, and log the details for whoever runs the site.
    log.error(e.message);
    return { status: 503, message: STORAGE_DOWN };
  }
  return null;
}

/** A refusal a page shows in its form: the status and the Portuguese message. */
export type Refusal = { status: number; error: string };
const isRefusal = (v: unknown): v is Refusal =>
  !!v && typeof v === "object" && !(v instanceof Response) && typeof (v as Refusal).error === "string" && typeof (v as Refusal).status === "number";

/**
 * Runs a page action whose refusals stay on the page: a returned Refusal, or a known problem
 * thrown underneath (problemOf), becomes `{ error }` with its status; anything else passes through.
 */
export async function withRefusals<T>(fn: () => Promise<T | Refusal>) {
  try {
    const result = await fn();
    if (isRefusal(result)) return data({ error: result.error }, { status: result.status });
    return result as Exclude<T, Refusal>;
  } catch (e) {
    const problem = problemOf(e);
    if (problem) return data({ error: problem.message }, { status: problem.status });
    throw e;
  }
}
