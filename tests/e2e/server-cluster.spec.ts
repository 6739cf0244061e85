// server.mjs on every core (issue 14) and its shutdown under load (issue 12): WEB_CONCURRENCY
// workers share the port, a dead worker is replaced, SIGTERM lets the requests already sent finish
// before every process exits, well within 10 s, and a stop that had to cut work exits non-zero.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import mysql from "mysql2/promise";
import { test, expect } from "./helpers";
import { E2E } from "./env";
import { exited, startServer } from "./spawn-server";
import { dropDatabase } from "../../app/db/setup.server";

test.describe.configure({ mode: "serial" });

function workersOf(pid: number): number[] {
  try {
    return execFileSync("pgrep", ["-P", String(pid)], { encoding: "utf8" }).trim().split("\n").filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

async function until<T>(fn: () => T | Promise<T>, ok: (v: T) => boolean, ms = 8000) {
  const t0 = Date.now();
  for (;;) {
    const v = await fn();
    if (ok(v)) return v;
    if (Date.now() - t0 > ms) throw new Error(`timed out; last value ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

// With a deadline: a connection the primary was handing to the worker just killed may never answer.
const status = (url: string) => fetch(url, { signal: AbortSignal.timeout(2000) }).then((r) => r.status, () => 0);

test("WEB_CONCURRENCY=2: two workers share the port and a worker that dies is replaced", async () => {
  test.setTimeout(60_000);
  const { child, base } = await startServer(E2E.DATABASE_URL, { env: { WEB_CONCURRENCY: "2" } });
  try {
    const first = await until(() => workersOf(child.pid!), (w) => w.length === 2);
    process.kill(first[0], "SIGKILL");
    // The other worker keeps answering meanwhile (a kept-alive socket to the dead one may fail once).
    await until(() => status(`${base}/healthz`), (s) => s === 200, 3000);
    const next = await until(() => workersOf(child.pid!), (w) => w.length === 2 && !w.includes(first[0]));
    expect(next).toContain(first[1]);
    await until(() => status(`${base}/`), (s) => s === 200);
  } finally {
    child.kill("SIGKILL");
  }
});

// The drain, on a database of its own: the test holds renders open in the database (a lock on the
// table every public render reads first) so that requests are provably in flight when SIGTERM
// arrives, then lets them go.
const DRAIN_DB = (() => {
  const u = new URL(E2E.DATABASE_URL);
  u.pathname += "_drain";
  return u.toString();
})();
const DRAIN_IMG_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "imob-e2e-drain-"));

test.describe("SIGTERM with requests held open", () => {
  let lock: mysql.Connection;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    await dropDatabase(DRAIN_DB);
    const env = { ...process.env, DATABASE_URL: DRAIN_DB, IMG_DIR: DRAIN_IMG_DIR, ADMIN_EMAIL: E2E.ADMIN_EMAIL, ADMIN_PASSWORD: E2E.ADMIN_PASSWORD, SESSION_SECRET: E2E.SESSION_SECRET };
    const seeded = spawnSync("npx", ["tsx", "scripts/seed.ts"], { env, encoding: "utf8" });
    expect(seeded.status, seeded.stderr).toBe(0);
  });
  test.beforeEach(async () => {
    lock = await mysql.createConnection(DRAIN_DB);
  });
  test.afterEach(async () => {
    server?.child.kill("SIGKILL");
    server = undefined;
    // Ending the session also releases a lock a failed test left taken.
    await lock?.end().catch(() => {});
  });
  test.afterAll(async () => {
    await dropDatabase(DRAIN_DB);
    fs.rmSync(DRAIN_IMG_DIR, { recursive: true, force: true });
  });

  /** Statements of the server waiting for the lock: renders held open in the database. */
  async function heldInDatabase() {
    const [rows] = await lock.query(
      "SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE DB = DATABASE() AND STATE LIKE 'Waiting for table metadata lock'",
    );
    return Number((rows as { n: number }[])[0].n);
  }

  /** 40 distinct list pages (none shared by the page cache), each settling to its status. */
  function fortyRequests(base: string) {
    let settled = 0;
    const all = Array.from({ length: 40 }, (_, i) =>
      fetch(`${base}/imoveis?page=${(i % 3) + 1}&sort=preco&q=${i}`)
        .then((r) => r.status, (e) => `erro: ${(e as Error).cause ?? e}`)
        .finally(() => settled++),
    );
    return { all, settled: () => settled };
  }

  /** X-Cache of /sobre on a connection of its own: the primary hands it to the next listening worker. */
  const sobreOnNewConnection = (base: string) =>
    new Promise<string>((resolve, reject) => {
      http.get(`${base}/sobre`, { agent: false }, (res) => {
        res.resume();
        resolve(String(res.headers["x-cache"]));
      }).on("error", reject);
    });

  /**
   * Until `workers` processes serve (a forked one may still be starting, and would get none of the
   * requests): each keeps its own page cache, so every worker renders /sobre once (MISS), then HIT.
   */
  async function everyWorkerServing(base: string, workers: number) {
    let misses = 0;
    await until(async () => (misses += (await sobreOnNewConnection(base)) === "MISS" ? 1 : 0), (n) => n === workers, 30_000);
  }

  /**
   * A server of `workers` processes with 40 requests held open in the database, none answered: the
   * precondition of both tests below, asserted here. `code` settles to the exit code.
   */
  async function serverHoldingRequests(workers: string) {
    server = await startServer(DRAIN_DB, { env: { WEB_CONCURRENCY: workers, IMG_DIR: DRAIN_IMG_DIR } });
    const { child, base } = server;
    const code = exited(child);
    await everyWorkerServing(base, Number(workers));
    await lock.query("LOCK TABLES content_version WRITE");
    const requests = fortyRequests(base);
    // Renders are waiting in the database (each worker's pool holds some), none answered.
    await until(heldInDatabase, (n) => n >= Number(workers));
    expect(requests.settled(), "no request may have been answered before SIGTERM").toBe(0);
    return { ...server, code, requests };
  }

  for (const workers of ["1", "2"]) {
    test(`WEB_CONCURRENCY=${workers}: requests open when SIGTERM arrives are all answered, then it exits 0 within 10 s`, async () => {
      test.setTimeout(60_000);
      const { child, output, code, requests } = await serverHoldingRequests(workers);
      const t0 = Date.now();
      child.kill("SIGTERM");
      await until(output, (o) => /SIGTERM recebido/.test(o));
      expect(requests.settled(), "still open once the server has begun to stop").toBe(0);
      await lock.query("UNLOCK TABLES");
      const statuses = await Promise.all(requests.all);
      expect(statuses, output()).toEqual(Array(40).fill(200));
      expect(await code).toBe(0);
      expect(Date.now() - t0).toBeLessThan(10_000);
      expect(workersOf(child.pid!)).toEqual([]);
    });

    // One worker: its own force timer. Two: the primary passes a worker's forced exit on (or cuts
    // it itself at 9 s), so a supervisor of `npm start` sees it too.
    test(`WEB_CONCURRENCY=${workers}: a request still held at the force deadline is cut, and the exit code says so`, async () => {
      test.setTimeout(60_000);
      const { child, output, code, requests } = await serverHoldingRequests(workers);
      child.kill("SIGTERM");
      // Held past the 8 s a worker is given: forced out.
      expect(await code, output()).not.toBe(0);
      expect(output()).toMatch(/Encerramento forçado/);
      expect((await Promise.all(requests.all)).filter((s) => s === 200)).toHaveLength(0);
    });
  }
});
