// Views per listing, one feature in three parts: the hook on the request (server/visualizacoes-hook.ts),
// the counter of each process (jobs/visualizacoes-counter.server.ts), the table and its reads
// (models/listings/visualizacoes.server.ts). This is the hook.
// A GET of a listing's page, its document or the .data a client-side
// navigation fetches, answered 200 or 304 — by the page cache or by a render — is told to the app
// (seam.countVisualizacao), which leaves bots out and counts in memory. Before the page cache, so
// a hit is counted; the count happens after the answer is sent, so it adds nothing to its latency.
// A prefetch (a card's <Link prefetch="intent"> on hover or touch: Sec-Purpose: prefetch) is not a
// view: the click that may follow fetches the .data again, and that one counts (seen in Chromium:
// hover + click reached the server twice, the second without the header).
import type { NextFunction, Request, Response } from "express";
import type { ServerSeam } from "./seam.ts";

const LISTING_PAGE = /^\/imovel\/([1-9]\d{0,9})(?:\.data)?$/;
const PREFETCH = /prefetch/i;

/** The listing a request views, or null (another path, not a GET, a prefetch). */
export function viewedListing(req: Pick<Request, "method" | "path" | "headers">): number | null {
  if (req.method !== "GET") return null;
  const m = LISTING_PAGE.exec(req.path);
  if (!m || PREFETCH.test(String(req.headers["sec-purpose"] ?? req.headers.purpose ?? ""))) return null;
  return Number(m[1]);
}

export function countVisualizacoes(count: ServerSeam["countVisualizacao"]) {
  return (req: Request, res: Response, next: NextFunction) => {
    const id = viewedListing(req);
    if (id) {
      res.once("finish", () => {
        if (res.statusCode === 200 || res.statusCode === 304) count(id, req.headers["user-agent"]);
      });
    }
    next();
  };
}
