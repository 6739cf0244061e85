import { PassThrough } from "node:stream";
import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer, isRouteErrorResponse } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { closeDb } from "./db/client.server";
import { getEnv } from "./env.server";
import { startMailWorker, stopMailWorker } from "./models/mail-worker.server";
import { startMaintenance, stopMaintenance } from "./models/maintenance.server";
import { closePhotoStore } from "./services/storage/store.server";
import { setToastCookieOptions } from "remix-toast";

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
  _loadContext: AppLoadContext,
) {
  const bot = isbot(request.headers.get("user-agent") || "");
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />,
      {
        [bot ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          responseHeaders.set("X-Content-Type-Options", "nosniff");
          responseHeaders.set("Referrer-Policy", "strict-origin-when-cross-origin");
          responseHeaders.set("X-Frame-Options", "SAMEORIGIN");
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
