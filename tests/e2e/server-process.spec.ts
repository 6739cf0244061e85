import net from "node:net";
import { test, expect } from "./helpers";
import { E2E } from "./env";
import { exited, freePort, startServer } from "./spawn-server";

// A server.mjs worker cuts whatever is still open 8 s after the signal (WORKER_FORCE_MS).
const FORCE_EXIT_MS = 8000;

test("the server runs on the project's Node 24 and says which Node serves", async () => {
  const { child, output } = await startServer(E2E.DATABASE_URL);
  try {
    // The process this spec started with the runner's node: npm test's PATH puts the project's first.
    await expect.poll(output, { timeout: 10_000 }).toMatch(/Servidor pronto em http:\/\/localhost:\d+ \(Node v24\.\d+\.\d+\)/);
  } finally {
    child.kill("SIGKILL");
  }
});

test("/readyz answers 503 when the database is down, /healthz still 200", async () => {
  const closedPort = await freePort();
  const { child, base } = await startServer(`mysql://root@127.0.0.1:${closedPort}/nada`);
  try {
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await fetch(`${base}/readyz`)).status).toBe(503);
  } finally {
    child.kill("SIGKILL");
  }
});

test("SIGTERM closes the server and the database pool, and the process exits by itself well before the forced exit", async () => {
  // exit-probe.mjs reports, at process.exit, the time since the signal, servers still listening,
  // and database connections left without a COM_QUIT (what ending the pool sends on each one).
  const { child, base, port, output } = await startServer(E2E.DATABASE_URL, { probe: true });
  const code = exited(child);
  try {
    expect((await fetch(`${base}/`)).status).toBe(200); // opens the pool
    // A client holding a keep-alive connection must not keep the process alive.
    const socket = net.connect(port, "127.0.0.1");
    socket.on("error", () => {}); // the server cutting this connection is the point
    await new Promise((r) => socket.once("connect", r));
    const answered = new Promise((r) => socket.once("data", r));
    socket.write("GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n");
    await answered;
    const cut = new Promise((r) => socket.once("close", r));
    const started = Date.now();
    child.kill("SIGTERM");
    expect(await code).toBe(0);
    const elapsed = Date.now() - started;
    await cut; // the keep-alive connection was closed by the server, not by us
    socket.destroy();

    const out = output();
    expect(out).toContain("SIGTERM recebido: encerrando…");
    const line = out.split("\n").find((l) => l.startsWith("exit-probe "));
    expect(line, `no exit-probe line in:\n${out}`).toBeTruthy();
    const report = JSON.parse(line!.slice("exit-probe ".length));
    expect(report.dbConnections, "the request used the database").toBeGreaterThan(0);
    expect(report).toMatchObject({ code: 0, listening: 0, dbLeftOpen: 0 });
    // The forced exit would come at FORCE_EXIT_MS: a clean one is far below it.
    expect(report.sinceSignalMs).toBeLessThan(FORCE_EXIT_MS / 2);
    expect(elapsed).toBeLessThan(FORCE_EXIT_MS / 2);
  } finally {
    child.kill("SIGKILL");
  }
});
