// Logs and metrics over HTTP (issue 24), on a server.mjs of two workers behind TRUST_PROXY=loopback
// (so X-Forwarded-For poses as another client): /metrics after traffic is the cluster's sum, a
// cache hit counts, strangers are refused without the token; each request's log line carries the
// id sent back in X-Request-Id and the route pattern, never the query.
import { execFileSync } from "node:child_process";
import http from "node:http";
import mysql from "mysql2/promise";
import { test, expect } from "./helpers";
import { E2E } from "./env";
import { startServer, type Spawned } from "./spawn-server";

const TOKEN = "token-das-metricas-e2e-0123456789";
let s: Spawned;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  s = await startServer(E2E.DATABASE_URL, { env: { WEB_CONCURRENCY: "2", TRUST_PROXY: "loopback", METRICS_TOKEN: TOKEN } });
});

test.afterAll(() => {
  s?.child.kill("SIGKILL");
});

/** A GET on a connection of its own (fetch would keep one alive, and so reach one worker only). */
function get(p: string, headers: Record<string, string> = {}) {
  return new Promise<Response>((resolve, reject) => {
    const req = http.get(`${s.base}${p}`, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const h = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (v != null) h.set(k, Array.isArray(v) ? v.join(", ") : v);
        resolve(new Response(res.statusCode === 304 ? null : Buffer.concat(chunks), { status: res.statusCode, headers: h }));
      });
    });
    req.on("error", reject);
    req.setTimeout(10_000, () => req.destroy(new Error(`GET ${p}: sem resposta em 10 s`)));
  });
}

/** The value of one sample of the scrape (0 when the series does not exist yet). */
function sample(text: string, series: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

async function scrape(headers: Record<string, string> = {}) {
  const r = await get("/metrics", headers);
  expect(r.status).toBe(200);
  expect(r.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return r.text();
}

/** The JSON lines the server wrote, one per request (sub: "http"). */
const requestLines = () =>
  s
    .output()
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((l) => l.sub === "http");

async function until<T>(fn: () => Promise<T> | T, ok: (v: T) => boolean, ms = 10_000) {
  const t0 = Date.now();
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() - t0 > ms) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

test("/metrics after traffic: both workers' requests summed, the cache hits counted, the app's figures there", async () => {
  const conn = await mysql.createConnection(E2E.DATABASE_URL);
  const [rows] = await conn.query("SELECT id FROM imoveis WHERE ativo = 'sim' ORDER BY id LIMIT 1");
  await conn.end();
  const id = (rows as { id: number }[])[0]?.id;
  expect(id, "a listing to visit").toBeGreaterThan(0);
  const series = `imob_http_requests_total{route="/imovel/:id",method="GET",status="200"}`;
  const before = await scrape();
  const ids: string[] = [];
  for (let i = 0; i < 6; i++) {
    const r = await get(`/imovel/${id}`);
    expect(r.status).toBe(200);
    ids.push(r.headers.get("x-request-id")!);
  }
  // The six landed on both workers (the primary hands connections round robin).
  const lines = await until(requestLines, (ls) => ids.every((x) => ls.some((l) => l.reqId === x)));
  const workers = new Set(lines.filter((l) => ids.includes(String(l.reqId))).map((l) => l.worker));
  expect([...workers].sort()).toEqual([1, 2]);
  const after = await scrape();
  expect(sample(after, series) - sample(before, series)).toBe(6);
  const count = `imob_http_request_duration_seconds_count{route="/imovel/:id",method="GET",status="200"}`;
  expect(sample(after, count) - sample(before, count)).toBe(6);
  const hits = sample(after, `imob_page_cache_requests_total{result="HIT"}`) - sample(before, `imob_page_cache_requests_total{result="HIT"}`);
  expect(hits).toBeGreaterThanOrEqual(4); // at most one miss per worker
  expect(sample(after, "imob_page_cache_bytes")).toBeGreaterThan(0);
  expect(sample(after, `imob_db_pool_connections{state="open"}`), after.split("\n").filter((l) => l.startsWith("imob_")).join("\n")).toBeGreaterThan(0);
  expect(after).toMatch(/^imob_db_pool_waiting \d+$/m);
  expect(sample(after, "imob_db_read_ok")).toBe(1);
  expect(after).toMatch(/^imob_outbox_emails\{status="pending"\} \d+$/m);
  expect(after).toMatch(/^imob_outbox_emails\{status="failed"\} \d+$/m);
  expect(sample(after, "imob_backup_last_success_age_seconds")).toBeGreaterThan(0);
  expect(sample(after, "imob_worker_restarts_total")).toBe(0);
  // Every metric once: a sum of the workers, not one copy per worker.
  const types = after.split("\n").filter((l) => l.startsWith("# TYPE "));
  expect(new Set(types).size).toBe(types.length);
  // A worker that dies and is replaced is counted.
  const pids = execFileSync("pgrep", ["-P", String(s.child.pid)], { encoding: "utf8" }).trim().split("\n").map(Number);
  expect(pids).toHaveLength(2);
  process.kill(pids[0], "SIGKILL");
  const restarted = await until(() => scrape().catch(() => ""), (t) => sample(t, "imob_worker_restarts_total") === 1, 15_000);
  expect(sample(restarted, "imob_worker_restarts_total")).toBe(1);
});

test("/metrics: from another address only with the token; never kept by a cache", async () => {
  const stranger = { "x-forwarded-for": "203.0.113.9" };
  const refused = await get("/metrics", stranger);
  expect(refused.status).toBe(401);
  expect(refused.headers.get("www-authenticate")).toMatch(/^Bearer/);
  expect(await refused.text()).not.toContain("imob_http_requests_total");
  expect((await get("/metrics", { ...stranger, authorization: "Bearer outro-token-qualquer-123" })).status).toBe(401);
  // Posing as loopback through the header does not help: the socket is the proxy's.
  expect((await get("/metrics", { "x-forwarded-for": "127.0.0.1, 203.0.113.9" })).status).toBe(401);
  const text = await scrape({ ...stranger, authorization: `Bearer ${TOKEN}` });
  expect(text).toContain("imob_http_requests_total");
  const r = await get("/metrics");
  expect(r.headers.get("cache-control")).toBe("no-store");
  expect(r.headers.get("x-cache")).toBeNull();
});

test("log lines: the id of X-Request-Id, the route pattern and never the query; a trusted proxy's id kept", async () => {
  const r = await get("/venda?busca=maria.silva%40exemplo.com&telefone=17991234567");
  expect(r.status).toBe(200);
  const id = r.headers.get("x-request-id")!;
  expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  const [line] = (await until(requestLines, (ls) => ls.some((l) => l.reqId === id))).filter((l) => l.reqId === id);
  expect(line).toMatchObject({ level: "info", msg: "requisição", reqId: id, method: "GET", route: "/:lista", status: 200 });
  expect(["HIT", "MISS"]).toContain(line.cache);
  // A worker id (the one the first test killed was replaced by worker 3).
  expect(line.worker).toEqual(expect.any(Number));
  expect(line.worker).toBeGreaterThanOrEqual(1);
  expect(typeof line.ms).toBe("number");
  expect(new Date(String(line.time)).getTime()).toBeGreaterThan(Date.now() - 60_000);
  expect(s.output()).not.toMatch(/maria|exemplo\.com|17991234567|busca=/);
  // From a proxy TRUST_PROXY names (loopback here): its id, in the answer and the line.
  const proxied = await get("/sobre", { "x-request-id": "nginx-0123456789abcdef" });
  expect(proxied.headers.get("x-request-id")).toBe("nginx-0123456789abcdef");
  await until(requestLines, (ls) => ls.some((l) => l.reqId === "nginx-0123456789abcdef" && l.route === "/sobre"));
  expect(requestLines().some((l) => l.reqId === "nginx-0123456789abcdef" && l.route === "/sobre")).toBe(true);
  // Not a well-formed id: a fresh one instead (nothing of a client's choosing lands in the log as is).
  const odd = await get("/sobre", { "x-request-id": "x y<b>" });
  expect(odd.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
});
