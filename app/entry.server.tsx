import type { ActionFunctionArgs, EntryContext, LoaderFunctionArgs, RouterContextProvider } from "react-router";
import { ServerRouter, isRouteErrorResponse } from "react-router";
import { renderToString } from "react-dom/server";
import { NonceProvider } from "./components/nonce";
import { setToastCookieOptions } from "remix-toast";
import { getEnv } from "./env.server";
import { TOAST_COOKIE } from "./http/cookies.server";
import { cspNonceContext } from "./http/request-context.server";
import { gateScripts } from "./scripts-gate.server";
import { keepRenderedDocument } from "./seam.server";
import { errorKind, logThrottled } from "./services/log-throttle.server";

/** Everything the server around React Router (server/) takes from the build: app/seam.server.ts. */
export { seam } from "./seam.server";

// Fail at start-up, naming the bad variable, rather than on the first request.
const env = getEnv();
setToastCookieOptions({ name: TOAST_COOKIE, secrets: [env.SESSION_SECRET], secure: env.NODE_ENV === "production" && env.PUBLIC_URL.startsWith("https:") });

/**
 * Logs real failures only: client errors (404, 405…) and aborted requests are not news. One line
 * per kind of failure per few seconds (services/log-throttle.server.ts): a failure that repeats
 * on every request must not flood the log.
 */
export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // With the request id the server gave it (server/request-log.ts): the request's own line says the same.
  logThrottled(errorKind(error), { msg: "Erro ao atender a requisição", err: error, reqId: request.headers.get("x-request-id") });
}

/** React's marker of a Suspense boundary it gave up on in the server render (left to the browser). */
const CLIENT_RENDERED = "<!--$!";

/**
 * React Router's <StreamTransfer> writes the loader data (turbo-stream) into the page chunk by
 * chunk, suspending until each chunk is read. Read to its end here, it is one chunk, already there:
 * the page renders without suspending, in one synchronous pass. `serverHandoffStream` and
 * `renderMeta.streamCache` are typed members of EntryContext but documented nowhere: a reach into
 * React Router's internals, kept with its figure in decision 0031.
 */
async function preloadHandoff(context: EntryContext) {
  const stream = context.serverHandoffStream;
  if (!stream || !context.renderMeta) return;
  const decoder = new TextDecoder();
  let value = "";
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) value += decoder.decode(chunk, { stream: true });
  value += decoder.decode();
  context.renderMeta.streamCache = { 0: Object.assign(Promise.resolve(), { result: { done: true, value } }) };
}

/**
 * The whole document at once (renderToString). Nothing in this app streams (no deferred data,
 * no Suspense of its own) and server/router.ts compresses a page whole, so React's streaming
 * renderer bought nothing but its costs: encoding every piece of markup into 2 KB buffers through
 * a stream, per request (issue 11: ~12 % of the CPU in a profile of an admin's home page).
 * A render error throws here, and React Router renders the route's ErrorBoundary instead.
 * The rule this keeps: no Suspense of the app's own (<Await>, React.lazy) on the server. Whatever
 * suspends or fails inside a boundary is cut to its fallback and left to the browser, with a 200;
 * CLIENT_RENDERED below at least says so in the log.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  context: RouterContextProvider,
) {
  // Made per request by server/security.ts; none for a page that may be shared (its scripts are
  // allowed by hash) and under `react-router dev`, which sets no CSP.
  const nonce = context.get(cspNonceContext) || undefined;
  await preloadHandoff(routerContext);
  const rendered = renderToString(
    <NonceProvider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceProvider>,
  );
  // The route modules wait for the page's largest paint (decision 0017): app/scripts-gate.server.ts.
  const { html, gated } = gateScripts(rendered);
  if (!gated) logThrottled("render:scripts-not-gated", { msg: `${new URL(request.url).pathname}: os scripts da página não puderam esperar a maior imagem (o HTML de <Scripts> mudou?).` });
  if (html.includes(CLIENT_RENDERED)) {
    logThrottled("render:client-rendered-boundary", { msg: `${new URL(request.url).pathname}: um trecho da página (Suspense) não foi renderizado no servidor.` });
  }
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // A thrown Response's own headers do not reach the document: the 503 of unavailableResponse.
  if (responseStatusCode === 503) responseHeaders.set("Retry-After", "10");
  // nosniff, Referrer-Policy, frame options and the CSP: server/security.ts, on every response.
  const body = Buffer.from(`<!DOCTYPE html>${html}`);
  const response = new Response(body, { headers: responseHeaders, status: responseStatusCode });
  keepRenderedDocument(response, body);
  return response;
}
