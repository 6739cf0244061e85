// The request line (server/request-log.ts): its id is the answer's X-Request-Id; a proxy's id is
// taken only from a proxy TRUST_PROXY names; the route is a pattern, and nothing of the query,
// headers or body is written. An error that reached express rides on the same line, with its stack.
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import type { Metrics } from "../../server/metrics.ts";
import { requestLogger } from "../../server/request-log.ts";
import { captureLog } from "../support/log-lines";

const observed: unknown[][] = [];
const metrics = { observe: (...args: unknown[]) => observed.push(args) } as unknown as Metrics;

async function serve(trustProxy: string | false, handler: express.RequestHandler) {
  const app = express();
  app.set("trust proxy", trustProxy);
  app.use(requestLogger({ routeOf: (p) => (p.startsWith("/imovel/") ? "/imovel/:id" : "/*"), metrics }));
  app.all("*", handler);
  app.use((err: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    res.locals.error = err;
    res.status(500).end("erro");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

const log = captureLog();
afterEach(() => {
  observed.length = 0;
});

/**
 * The line of request `id`, once written: the server writes it when the response closes, which may
 * come after the client has its answer (a generous deadline: a busy machine may be slow, the claim
 * is that the line comes, not how fast).
 */
async function lineOf(id: string) {
  const find = () => log.lines().find((l) => l.reqId === id);
  await expect.poll(find, { timeout: 10_000, interval: 20, message: `no line for ${id}` }).toBeDefined();
  return find()!;
}

describe("the request line", () => {
  it("carries the id sent back, the pattern and no query, header or body", async () => {
    const s = await serve("loopback", (_req, res) => void res.setHeader("X-Cache", "HIT").end("ok"));
    try {
      const r = await fetch(`${s.base}/imovel/98765432109?email=maria%40exemplo.com`, { method: "POST", body: "senha=segredo-123", headers: { cookie: "imob_sessao=abcdef0123456789", authorization: "Bearer tok-0123456789" } });
      const id = r.headers.get("x-request-id")!;
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(await lineOf(id)).toMatchObject({ sub: "http", msg: "requisição", method: "POST", route: "/imovel/:id", status: 200, cache: "HIT" });
      expect(observed).toEqual([["/imovel/:id", "POST", 200, expect.any(Number), "HIT"]]);
      expect(log.raw()).not.toMatch(/maria|exemplo|segredo|abcdef0123456789|tok-0123456789|98765432109/);
    } finally {
      s.close();
    }
  });

  it("keeps a trusted proxy's X-Request-Id; an untrusted client's or a malformed one is replaced", async () => {
    const trusted = await serve("loopback", (_req, res) => void res.end("ok"));
    const direct = await serve(false, (_req, res) => void res.end("ok"));
    try {
      expect((await fetch(`${trusted.base}/`, { headers: { "x-request-id": "nginx-abc123" } })).headers.get("x-request-id")).toBe("nginx-abc123");
      expect((await fetch(`${trusted.base}/`, { headers: { "x-request-id": "a b" } })).headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      expect((await fetch(`${direct.base}/`, { headers: { "x-request-id": "nginx-abc123" } })).headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      trusted.close();
      direct.close();
    }
  });

  it("an error that reached express: on the request's line, with its stack, once", async () => {
    const s = await serve(false, () => {
      throw new TypeError("quebrou aqui");
    });
    try {
      const r = await fetch(`${s.base}/imovel/7`);
      expect(r.status).toBe(500);
      const id = r.headers.get("x-request-id")!;
      const line = await lineOf(id);
      expect(line).toMatchObject({ level: "error", status: 500, route: "/imovel/:id", err: { type: "TypeError", message: "quebrou aqui" } });
      expect(String((line.err as { stack: string }).stack)).toMatch(/^TypeError: quebrou aqui\n\s+at /);
      expect(log.raw().split("quebrou aqui\\n").length - 1).toBe(1);
    } finally {
      s.close();
    }
  });
});
