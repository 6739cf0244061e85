// Extra server.mjs processes from the e2e build, for the specs that test the process itself.
import { spawn, type ChildProcess } from "node:child_process";
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
  // A generous deadline (60 s unless asked): several servers starting at once on a busy shared
  // 2-core machine take many seconds each. One that exits fails at once, with what it said.
  const deadline = Date.now() + (opts.startMs ?? 60_000);
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
