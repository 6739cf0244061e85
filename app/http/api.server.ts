// The frame of every /api route: JSON in the one error shape whatever goes wrong, method checks.
import type { LoaderFunctionArgs } from "react-router";
import { dbUnavailableCode } from "~/db/unavailable.server";
import { logThrottled } from "~/services/log-throttle.server";
import { requireAdminApi } from "./auth.server";
import { jsonError, methodNotAllowed, problemOf } from "./responses.server";
import { releaseUploads } from "./uploads.server";

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
  const problem = problemOf(e);
  if (problem) return jsonError(problem.status, problem.message);
  // The database down is a wait, not a bug: 503, logged once per few seconds (as pages, entry.server.tsx).
  const code = dbUnavailableCode(e);
  if (code) {
    logThrottled(`db:${code}`, { msg: `Banco de dados indisponível (${code}): respondendo 503.` });
    return jsonError(503, "Serviço temporariamente indisponível. Tente novamente em instantes.", { headers: { "Retry-After": "10" } });
  }
  logThrottled(`api:${e instanceof Error ? e.message.split("\n")[0] : String(e)}`, { msg: "Erro inesperado em /api", err: e });
  return jsonError(500, "Erro interno do servidor. Tente novamente.");
}

/** A loader or action of /api: whatever it throws comes back in the JSON error shape. */
export function apiRoute(fn: (args: LoaderFunctionArgs) => Promise<Response> | Response) {
  return async (args: LoaderFunctionArgs): Promise<Response> => {
    try {
      return await fn(args);
    } catch (e) {
      return toErrorResponse(e);
    } finally {
      await releaseUploads(args.request);
    }
  };
}

/** Throws the 405 unless the request uses one of `allowed`. */
export function allowMethods(request: Request, allowed: string[]) {
  if (!allowed.includes(request.method)) throw methodNotAllowed(allowed);
}

/** The half of a route for methods it does not serve: an admin call still answers 401 first. */
export function refuse(allowed: string[], opts: { admin?: boolean } = {}) {
  return apiRoute(async ({ request }) => {
    if (opts.admin) await requireAdminApi(request);
    return methodNotAllowed(allowed);
  });
}
