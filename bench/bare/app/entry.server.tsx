// The bare page's server entry: what Remix 2.17.5's own default entry does for a browser request
// (@remix-run/dev's config/defaults/entry.server.node.tsx, handleBrowserRequest: autocannon sends
// no bot user agent), so the bare page renders as a new Remix app does, plus the `seam` that
// server/ requires of every build it serves (app/seam.server.ts), which here does nothing.
// scripts/bench-http.mjs serves this build with PAGE_CACHE=off: nothing of the app's machinery is
// measured on the bare side.
import { PassThrough } from "node:stream";
import type { EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";

const ABORT_DELAY = 5_000;

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, remixContext: EntryContext) {
  return new Promise((resolve, reject) => {
    const { pipe, abort } = renderToPipeableStream(<RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />, {
      onShellReady() {
        const body = new PassThrough();
        responseHeaders.set("Content-Type", "text/html");
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        pipe(body);
      },
      onShellError: reject,
      onError(error: unknown) {
        responseStatusCode = 500;
        console.error(error);
      },
    });
    setTimeout(abort, ABORT_DELAY);
  });
}

/** What server/seam.ts checks at boot; a bare Remix app has no caches, replica, jobs or pools. */
export const seam = {
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
