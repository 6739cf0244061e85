// The bare page's server entry: what React Router's own default entry does for a browser request
// (@react-router/dev's config/defaults/entry.server.node.tsx, onShellReady: autocannon sends no bot
// user agent), so the bare page renders as a new React Router app does, plus the `seam` that
// server/ requires of every build it serves (app/seam.server.ts), which here does nothing.
// scripts/bench-http.mjs serves this build with PAGE_CACHE=off: nothing of the app's machinery is
// measured on the bare side.
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { RouterContextProvider, type EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { renderToPipeableStream } from "react-dom/server";

export const streamTimeout = 5_000;

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext) {
  if (request.method.toUpperCase() === "HEAD") return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      onShellReady() {
        shellRendered = true;
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        responseHeaders.set("Content-Type", "text/html");
        pipe(body);
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      },
      onShellError: reject,
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    });
  });
}

/** What server/seam.ts checks at boot; a bare Remix app has no caches, replica, jobs or pools. */
export const seam = {
  requestContext: () => new RouterContextProvider(),
  routeReads: (_headers: unknown, next: () => void) => next(),
  currentContentVersion: async () => 0,
  renderContentVersion: async () => 0,
  relayContentChanges: () => {},
  forgetContentVersion: () => {},
  personalCookie: /(?!)/,
  pageVariant: () => "",
  unavailableResponse: () => null,
  renderedDocument: () => undefined,
  countVisualizacao: () => {},
  startBackgroundJobs: () => {},
  operationsFigures: async () => ({ pool: { open: 0, inUse: 0, waiting: 0 }, outboxPending: 0, outboxFailed: 0, lastBackupAt: null, databaseRead: true }),
  closeResources: async () => {},
};
