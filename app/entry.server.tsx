import { PassThrough } from "node:stream";
import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer, isRouteErrorResponse } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "./components/nonce";
import { closeDb } from "./db/client.server";
import { getEnv } from "./env.server";
import { startMailWorker, stopMailWorker } from "./models/mail-worker.server";
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

/** Logs real failures only: client errors (404, 405…) and aborted requests are not news. */
export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(error);
}

/**
 * Called by server.mjs once it listens: the background work of the process (the agency e-mail of
 * each lead, produto §11). Not in `remix vite:dev` nor in unit tests, which start their own.
 */
export function startBackgroundJobs() {
  if (startMailWorker()) console.log("Envio de e-mails dos contatos ativo.");
  else console.log("SMTP_URL não configurado: as mensagens ficam só na caixa de mensagens do painel, sem e-mail.");
}

/**
 * Called by server.mjs on SIGTERM/SIGINT: the mail worker first (it still uses the pool), then both
 * database pools and the photo store's sockets.
 */
export async function closeResources() {
  await stopMailWorker();
  await Promise.all([closeDb(), closePhotoStore()]);
}

/** Called by server/app.mjs around each request: public reads go to the replica only for anonymous visitors. */
export { routeReads } from "./http/read-routing.server";

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
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce ?? ""}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [bot ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          // nosniff, Referrer-Policy, frame options and the CSP: server/security.mjs, on every response.
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}
