import { PassThrough } from "node:stream";
import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer, isRouteErrorResponse } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "./components/nonce";
import { closeDb } from "./db/client.server";
import { dbUnavailableCode } from "./db/unavailable.server";
import { errorKind, logThrottled } from "./services/log-throttle.server";
import { getEnv } from "./env.server";
import { startMailWorker, stopMailWorker } from "./models/mail-worker.server";
import { startMaintenance, stopMaintenance } from "./models/maintenance.server";
import { closePhotoStore } from "./services/storage/store.server";
import { setToastCookieOptions } from "remix-toast";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** This response's CSP nonce (server/app.mjs getLoadContext). */
    cspNonce?: string;
  }
}

// Fail at start-up, naming the bad variable, rather than on the first request.
const env = getEnv();
setToastCookieOptions({ secrets: [env.SESSION_SECRET], secure: env.NODE_ENV === "production" && env.PUBLIC_URL.startsWith("https:") });

const ABORT_DELAY = 5_000;

/**
 * Logs real failures only: client errors (404, 405…) and aborted requests are not news. One line
 * per kind of failure per few seconds (services/log-throttle.server.ts): a failure that repeats
 * on every request must not flood the log.
 */
export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  logThrottled(errorKind(error), [error]);
}

export const DB_DOWN_MESSAGE = "Não conseguimos acessar nossos dados agora. Tente novamente em alguns instantes.";

/**
 * Called by server/remix.mjs around every loader and action: when the database cannot answer, a
 * 503 that the route's ErrorBoundary shows as a friendly page (instead of a 500 titled after
 * whatever the route failed to find), logged once per kind per few seconds. null for anything else.
 */
export function unavailableResponse(error: unknown): Response | null {
  const code = dbUnavailableCode(error);
  if (!code) return null;
  logThrottled(`db:${code}`, [`Banco de dados indisponível (${code}): respondendo 503.`]);
  return new Response(DB_DOWN_MESSAGE, { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "10" } });
}

/**
 * Called by server.mjs once it listens: the background work of the process (the agency e-mail of
 * each lead, produto §11). Not in `remix vite:dev` nor in unit tests, which start their own.
 */
export function startBackgroundJobs() {
  if (startMailWorker()) console.log("Envio de e-mails dos contatos ativo.");
  else console.log("SMTP_URL não configurado: as mensagens ficam só na caixa de mensagens do painel, sem e-mail.");
  startMaintenance();
}

/** The daily orphan-photo sweep (also started by startBackgroundJobs; a second start does nothing). */
export { startMaintenance };

/**
 * Called by server.mjs on SIGTERM/SIGINT: the mail worker first (it still uses the pool), then both
 * database pools and the photo store's sockets.
 */
export async function closeResources() {
  await Promise.all([stopMailWorker(), stopMaintenance()]);
  await Promise.all([closeDb(), closePhotoStore()]);
}

/** Called by server/app.mjs around each request: public reads go to the replica only for anonymous visitors. */
export { routeReads } from "./http/read-routing.server";

/** Called by server/page-cache.mjs: the content version its entries are checked against. */
export { currentContentVersion, renderContentVersion } from "./models/content-version.server";

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Made per request by server/security.mjs; absent under `remix vite:dev`, which sets no CSP.
  const nonce = loadContext.cspNonce || undefined;
  const bot = isbot(request.headers.get("user-agent") || "");
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    // Cleared once everything is rendered, as React Router 7's template does. A timer left to fire
    // holds the whole render (tree, segments, loader data) for ABORT_DELAY, hundreds of renders at
    // a busy moment, then aborts a finished stream, which builds and throws an error (CPU profile).
    const timer = setTimeout(() => abort(), ABORT_DELAY);
    const respond = () => {
      shellRendered = true;
      const body = new PassThrough();
      const stream = createReadableStreamFromReadable(body);
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      // A thrown Response's own headers do not reach the document: the 503 of unavailableResponse.
      if (responseStatusCode === 503) responseHeaders.set("Retry-After", "10");
      // nosniff, Referrer-Policy, frame options and the CSP: server/security.mjs, on every response.
      resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce ?? ""}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          if (!bot) respond();
        },
        onAllReady() {
          clearTimeout(timer);
          if (bot) respond();
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
