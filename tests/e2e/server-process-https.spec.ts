// js project only (the name matches playwright.config's server-process rule): it starts its own server.
import { spawn } from "node:child_process";
import { test, expect } from "./helpers";
import { E2E } from "./env";
import { exited, freePort } from "./spawn-server";

test("production refuses to start with an http:// PUBLIC_URL unless ALLOW_INSECURE_HTTP=1", async () => {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    DATABASE_URL: E2E.DATABASE_URL,
    IMG_DIR: E2E.IMG_DIR,
    SESSION_SECRET: E2E.SESSION_SECRET,
    PUBLIC_URL: "http://imobiliaria.exemplo.com",
  };
  delete env.ALLOW_INSECURE_HTTP;
  const child = spawn(process.execPath, ["server.mjs"], { env, stdio: "pipe" });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const code = await exited(child);
  expect(code).not.toBe(0);
  expect(output).toContain("PUBLIC_URL: http://imobiliaria.exemplo.com não é https");
  expect(output).not.toContain("Servidor pronto");
});
