// The one seam between the React Router build and the express server around it (server/). Everything the
// server needs of the app is in `seam`, which the build exports from entry.server.tsx, and
// server/seam.ts checks at boot that every member is there (a renamed export stops the start with
// a message instead of silently switching a feature off). server/ imports nothing else of app/:
// the build bundles its own copy of every module, and a second copy would hold a second pool and
// second caches. React Router 7 keeps this shape: a custom server imports the build and reads
// `build.entry.module` just the same.
import type { IncomingHttpHeaders } from "node:http";
import { closeDb } from "./db/client.server";
import { dbUnavailableCode } from "./db/unavailable.server";
import { favoritosCookieValue, PERSONAL_COOKIE_IN_HEADER } from "./http/cookies.server";
import { requestContext } from "./http/request-context.server";
import { parseFavoritos, serializeFavoritos } from "./utils/favoritos";
import { routeReads } from "./http/read-routing.server";
import { startMailWorker, stopMailWorker } from "./jobs/mail-worker.server";
import { startMaintenance, stopMaintenance } from "./jobs/maintenance.server";
import { startTemporadaJobs, stopTemporadaJobs } from "./jobs/temporada.server";
import { fetchOutboundWhole } from "./http/outbound-fetch.server";
import { startLembretes, stopLembretes } from "./jobs/lembretes.server";
import { startAlertas, stopAlertas } from "./jobs/alertas.server";
import { countVisualizacao, startVisualizacoes, stopVisualizacoes } from "./jobs/visualizacoes-counter.server";
import {
  currentContentVersion,
  forgetContentVersion,
  relayContentChanges,
  renderContentVersion,
} from "./models/listings/content-version.server";
import { logThrottled } from "./services/log-throttle.server";
import { closePhotoStore } from "./services/storage/store.server";
import { operationsFigures } from "./models/operations/metrics-figures.server";
import { logFor } from "./log.server";

const log = logFor("jobs");

export const DB_DOWN_MESSAGE = "Não conseguimos acessar nossos dados agora. Tente novamente em alguns instantes.";

/** The bytes of each rendered document (entry.server.tsx keeps them; see `renderedDocument`). */
const documents = new WeakMap<Response, Buffer>();

/** Called by entry.server.tsx with each page it renders. */
export function keepRenderedDocument(response: Response, body: Buffer) {
  documents.set(response, body);
}

export const seam = {
  /** React Router's context for one request: this response's CSP nonce, none for a page that may be shared. */
  requestContext,

  /** Around each request: public reads go to the replica only for anonymous visitors. */
  routeReads: (headers: IncomingHttpHeaders, next: () => void) => routeReads(headers, next),

  /** The content version the page cache files its copies under, as this process knows it. */
  currentContentVersion,
  /** The version of the database a public render is about to read (the replica's, for visitors). */
  renderContentVersion,
  /** Set in a cluster worker: how a content write of this process reaches the machine's others. */
  relayContentChanges,
  /** Another process of this machine wrote: read the version again before the next answer. */
  forgetContentVersion,

  /** A Cookie header holding a cookie that makes the request someone's own (never shared). */
  personalCookie: PERSONAL_COOKIE_IN_HEADER,

  /**
   * What else a public page depends on, read from the Cookie header: the visitor's favourites, as the
   * pages read them ("" without any: the copy shared by most visitors).
   */
  pageVariant(cookieHeader: string | undefined): string {
    const ids = parseFavoritos(favoritosCookieValue(cookieHeader));
    return ids.length ? `favoritos=${serializeFavoritos(ids)}` : "";
  },

  /**
   * Around every loader and action: when the database cannot answer, a 503 that the route's
   * ErrorBoundary shows as a friendly page (instead of a 500 titled after whatever the route
   * failed to find), logged once per kind per few seconds. null for anything else.
   */
  unavailableResponse(error: unknown): Response | null {
    const code = dbUnavailableCode(error);
    if (!code) return null;
    logThrottled(`db:${code}`, { msg: `Banco de dados indisponível (${code}): respondendo 503.` });
    return new Response(DB_DOWN_MESSAGE, { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "10" } });
  },

  /**
   * The page entry.server.tsx rendered into this response, as bytes, so the server compresses it
   * without reading the Response's body back through a stream. undefined for any other response
   * (a redirect, a resource route, a HEAD's bodiless copy).
   */
  renderedDocument(response: Response): Buffer | undefined {
    return documents.get(response);
  },

  /**
   * One public view of a listing's page (its document or its .data, a page-cache hit included),
   * told by the server once answered; bots are left out here. Counted in memory, written in batches.
   */
  countVisualizacao: (imovelId: number, userAgent: string | undefined) => void countVisualizacao(imovelId, userAgent),

  /**
   * Once the process listens: the agency e-mail of each message (produto §11) and the daily photo
   * sweep. Not in `remix vite:dev` nor in unit tests, which start their own.
   */
  startBackgroundJobs() {
    const mail = startMailWorker();
    if (mail) log.info("Envio de e-mails das mensagens ativo.");
    else log.info("SMTP_URL não configurado: as mensagens ficam só na caixa de mensagens do painel, sem e-mail.");
    startMaintenance();
    // The alerts' digests go through the outbox: only where a worker can send them.
    if (mail) startAlertas();
    startVisualizacoes();
    // The iCal feeds are fetched under the outbound rules of app/http (the job may not import it).
    startTemporadaJobs(fetchOutboundWhole);
    startLembretes();
  },

  /** What /metrics reads from the app (server/metrics.ts): the pool, the outbox, the last backup. */
  operationsFigures,

  /** On SIGTERM/SIGINT, after the drain: the jobs first (they still use the pool; the views counter writes its last batch), then the pools and the photo store's sockets. */
  async closeResources() {
    await Promise.all([stopMailWorker(), stopMaintenance(), stopAlertas(), stopVisualizacoes(), stopTemporadaJobs(), stopLembretes()]);
    await Promise.all([closeDb(), closePhotoStore()]);
  },
};

export type ServerSeam = typeof seam;
