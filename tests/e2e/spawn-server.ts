// Extra server.mjs processes from the e2e build, for the specs that test the process itself.
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { freePort } from "../support/free-port";
import { E2E } from "./env";

export { freePort };

export type Spawned = { child: ChildProcess; base: string; port: number; output: () => string };

/**
 * Starts `node server.mjs` on a free port and waits for /healthz. `env` entries set to undefined
 * are removed from the inherited environment. With `probe`, tests/e2e/exit-probe.mjs is preloaded;
 * `preload` names other modules of tests/e2e to preload (`node --import`).
 */
export async function startServer(
  databaseUrl: string,
  opts: { env?: Record<string, string | undefined>; probe?: boolean; preload?: string[]; startMs?: number } = {},
): Promise<Spawned> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    IMG_DIR: E2E.IMG_DIR,
    SESSION_SECRET: E2E.SESSION_SECRET,
    // The production build over plain http on loopback, on purpose.
    ALLOW_INSECURE_HTTP: "1",
    EXIT_PROBE_DB_PORT: new URL(databaseUrl).port || "3306",
    // One process unless a test asks for more (production's default would be one per core).
    WEB_CONCURRENCY: "1",
    ...opts.env,
  };
  for (const k of Object.keys(env)) if (env[k] === undefined) delete env[k];
  // Paths from the repository root, where the runner starts (server.mjs is found the same way).
  const preload = [...(opts.probe ? ["exit-probe.mjs"] : []), ...(opts.preload ?? [])];
  const args = [...preload.flatMap((m) => ["--import", `./${path.join("tests", "e2e", m)}`]), "server.mjs"];
  const child: ChildProcess = spawn(process.execPath, args, { env, stdio: "pipe" });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  let exitCode: number | null | undefined;
  child.once("exit", (code) => (exitCode = code));
  // A generous deadline (120 s unless asked): under a load of 20–30 on the shared 2-core machine a
  // start to /healthz took 21–61 s, tsx's and the compiled server's alike (docs/performance.md).
  // One that exits fails at once, with what it said.
  const deadline = Date.now() + (opts.startMs ?? 120_000);
  while (Date.now() < deadline && exitCode === undefined) {
    const ok = await fetch(`${base}/healthz`).then((r) => r.ok, () => false);
    if (ok) return { child, base, port, output: () => output };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill("SIGKILL");
  throw new Error(`server did not start${exitCode === undefined ? "" : ` (exit ${exitCode})`}:\n${output}`);
}

/** Resolves with the exit code once the process has ended (and its output is all read). */
export function exited(child: ChildProcess) {
  return new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));
}

export type HeldUpload = {
  /** Resolves once the server has taken the request into its handlers (it answered 100 Continue). */
  taken: Promise<void>;
  /** How the client saw it end: the response's status, or no status when the connection was cut; and when. */
  ended: Promise<{ status?: number; at: number }>;
  stop: () => void;
};

/**
 * A form post whose body the app is still reading: headers with `Expect: 100-continue` (Node answers
 * 100 Continue as it hands the request to the app, so `taken` proves the app holds it), then one
 * byte every 200 ms of a body declared far longer, until the server answers or cuts the connection.
 * Held by the app, not by the database.
 */
export function heldUpload(base: string, path: string): HeldUpload {
  let timer: NodeJS.Timeout | undefined;
  let taken!: () => void;
  const takenP = new Promise<void>((r) => (taken = r));
  const req = http.request(new URL(path, base), {
    method: "POST",
    agent: false,
    headers: { "content-type": "application/x-www-form-urlencoded", "content-length": "60000", expect: "100-continue", origin: base },
  });
  const ended = new Promise<{ status?: number; at: number }>((resolve) => {
    req.on("response", (res) => {
      res.resume();
      resolve({ status: res.statusCode, at: Date.now() });
    });
    req.on("error", () => resolve({ at: Date.now() }));
    req.on("close", () => resolve({ at: Date.now() }));
  }).finally(() => clearInterval(timer));
  req.on("continue", () => {
    taken();
    req.write("nome=");
    timer = setInterval(() => req.write("a"), 200);
  });
  req.flushHeaders();
  return { taken: takenP, ended, stop: () => req.destroy() };
}
