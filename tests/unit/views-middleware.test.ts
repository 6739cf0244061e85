// The server's side of views per listing (server/visualizacoes-hook.ts): which requests are a view of
// which listing, and that the app is told only once a 200 or 304 has been sent.
import { EventEmitter } from "node:events";
import type { NextFunction, Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { countVisualizacoes, viewedListing } from "../../server/visualizacoes-hook.ts";

const req = (path: string, headers: Record<string, string> = {}, method = "GET") => ({ path, headers, method }) as unknown as Request;

describe("viewedListing", () => {
  it("is the listing of a GET of its page or its .data", () => {
    expect(viewedListing(req("/imovel/12"))).toBe(12);
    expect(viewedListing(req("/imovel/12.data"))).toBe(12);
    for (const p of ["/imovel/0", "/imovel/abc", "/imovel/12/", "/imovel/12.json", "/imoveis", "/admin/imovel/12", "/imovel/12345678901"]) expect(viewedListing(req(p)), p).toBeNull();
    expect(viewedListing(req("/imovel/12", {}, "HEAD"))).toBeNull();
    expect(viewedListing(req("/imovel/12.data", {}, "POST"))).toBeNull();
  });

  it("leaves a prefetch out (a card hovered is not a view)", () => {
    expect(viewedListing(req("/imovel/12.data", { "sec-purpose": "prefetch" }))).toBeNull();
    expect(viewedListing(req("/imovel/12.data", { purpose: "prefetch" }))).toBeNull();
  });
});

describe("countVisualizacoes", () => {
  function run(path: string, status: number) {
    const counted: [number, string | undefined][] = [];
    const res = Object.assign(new EventEmitter(), { statusCode: status }) as unknown as Response;
    let nexted = false;
    countVisualizacoes((id, ua) => void counted.push([id, ua]))(req(path, { "user-agent": "Mozilla/5.0" }), res, (() => (nexted = true)) as NextFunction);
    expect(nexted).toBe(true);
    // Nothing before the answer is sent.
    expect(counted).toEqual([]);
    (res as unknown as EventEmitter).emit("finish");
    return counted;
  }

  it("tells the app of a 200 or a 304 once sent, with the User-Agent; not of a 404 or a redirect", () => {
    expect(run("/imovel/7", 200)).toEqual([[7, "Mozilla/5.0"]]);
    expect(run("/imovel/7.data", 304)).toEqual([[7, "Mozilla/5.0"]]);
    expect(run("/imovel/7", 404)).toEqual([]);
    expect(run("/imovel/7", 302)).toEqual([]);
    expect(run("/sobre", 200)).toEqual([]);
  });
});
