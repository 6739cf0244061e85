// server.mjs on every core (issue 14) and its shutdown under load (issue 12): WEB_CONCURRENCY
// workers share the port, a dead worker is replaced, and SIGTERM lets the requests already sent
// finish before every process exits, well within 10 s.
import { execFileSync } from "node:child_process";
import { test, expect } from "./helpers";
import { E2E } from "./env";
import { exited, startServer } from "./spawn-server";

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

for (const workers of ["1", "2"]) {
  test(`WEB_CONCURRENCY=${workers}: SIGTERM with 40 requests in flight answers all of them and exits within 10 s`, async () => {
    test.setTimeout(60_000);
    const { child, base, output } = await startServer(E2E.DATABASE_URL, { env: { WEB_CONCURRENCY: workers } });
    const code = exited(child);
    try {
      if (workers === "2") await until(() => workersOf(child.pid!), (w) => w.length === 2);
      // Distinct queries: rendered, not served from the page cache, so they take a while.
      const inflight = Array.from({ length: 40 }, (_, i) =>
        fetch(`${base}/imoveis?page=${(i % 3) + 1}&sort=preco&q=${i}`).then(
          (r) => r.status,
          (e) => `erro: ${(e as Error).cause ?? e}`,
        ),
      );
      await new Promise((r) => setTimeout(r, 300));
      const t0 = Date.now();
      child.kill("SIGTERM");
      const statuses = await Promise.all(inflight);
      expect(statuses, output()).toEqual(Array(40).fill(200));
      expect(await code).toBe(0);
      expect(Date.now() - t0).toBeLessThan(10_000);
      expect(workersOf(child.pid!)).toEqual([]);
    } finally {
      child.kill("SIGKILL");
    }
  });
}
