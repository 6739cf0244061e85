// Views per listing (issue 24): a GET of a listing's page, its document or the .data a client-side
// navigation fetches, answered 200 or 304 — by the page cache or by a render — is told to the app
// (seam.countVisualizacao), which leaves bots out and counts in memory. Before the page cache, so
// a hit is counted; the count happens after the answer is sent, so it adds nothing to its latency.
import type { NextFunction, Request, Response } from "express";
import type { ServerSeam } from "./seam.ts";

const LISTING_PAGE = /^\/imovel\/([1-9]\d{0,9})(?:\.data)?$/;

export function countVisualizacoes(count: ServerSeam["countVisualizacao"]) {
  return (req: Request, res: Response, next: NextFunction) => {
    const m = req.method === "GET" ? LISTING_PAGE.exec(req.path) : null;
    if (m) {
      res.once("finish", () => {
        if (res.statusCode === 200 || res.statusCode === 304) count(Number(m[1]), req.headers["user-agent"]);
      });
    }
    next();
  };
}
