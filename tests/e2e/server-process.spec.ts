import { spawn } from "node:child_process";
import net from "node:net";
import { test, expect } from "./helpers";
import { E2E } from "./env";


function freePort() {
  return new Promise<number>((resolve) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function startServer(databaseUrl: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ["server.mjs"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      IMG_DIR: E2E.IMG_DIR,
      SESSION_SECRET: E2E.SESSION_SECRET,
    },
    stdio: "pipe",
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    const ok = await fetch(`${base}/healthz`).then((r) => r.ok, () => false);
    if (ok) return { child, base };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill("SIGKILL");
  throw new Error("server did not start");
}

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

test("SIGTERM closes the server and the database pool within 5 s", async () => {
  const { child, base } = await startServer(E2E.DATABASE_URL);
  expect((await fetch(`${base}/`)).status).toBe(200); // opens the pool
  // A client holding a keep-alive connection must not keep the process alive.
  const socket = net.connect(Number(new URL(base).port), "127.0.0.1");
  socket.on("error", () => {}); // the server cutting this connection is the point
  await new Promise((r) => socket.once("connect", r));
  socket.write("GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n");
  const started = Date.now();
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  child.kill("SIGTERM");
  const code = await exited;
  socket.destroy();
  expect(Date.now() - started).toBeLessThan(5000);
  expect(code).toBe(0);
});
