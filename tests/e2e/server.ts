// Playwright's web server: a fresh database and image folder, a production build, then server.mjs.
import { spawn, spawnSync } from "node:child_process";
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import { E2E } from "./env";

const port = process.env.E2E_PORT ?? "3100";
Object.assign(process.env, {
  NODE_ENV: "test",
  DATABASE_URL: E2E.DATABASE_URL,
  IMG_DIR: E2E.IMG_DIR,
  ADMIN_EMAIL: E2E.ADMIN_EMAIL,
  ADMIN_PASSWORD: E2E.ADMIN_PASSWORD,
  SESSION_SECRET: E2E.SESSION_SECRET,
  PORT: port,
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  // The production build over plain http on loopback, on purpose.
  ALLOW_INSECURE_HTTP: "1",
  // Tests pose as different visitors through X-Forwarded-For, so rate limits don't collide.
  TRUST_PROXY: "loopback",
  // Views per listing written every quarter second instead of every 5 s: views.spec waits for them.
  VIEWS_FLUSH_MS: "250",
  // temporada.spec serves an iCal feed on 127.0.0.1: the outbound rules let loopback through only with this.
  IMPORT_ALLOW_PRIVATE: "1",
});

const { startViaCepStub } = await import("../support/viacep-stub");
const viacep = await startViaCepStub();
process.env.VIACEP_URL = viacep.url;

// A real SMTP server for the message e-mails: the server's worker delivers to it (the inbox shows 'E-mail enviado').
const { startSmtpServer } = await import("../support/smtp-server");
const smtp = await startSmtpServer();
process.env.SMTP_URL = smtp.url;

const { createDatabaseIfMissing, dropDatabase, runMigrations } = await import("../../app/db/setup.server");
const { seed } = await import("../../app/seed/seed.server");
const { closeDb } = await import("../../app/db/client.server");

await dropDatabase(E2E.DATABASE_URL);
await createDatabaseIfMissing(E2E.DATABASE_URL);
await runMigrations(E2E.DATABASE_URL);
await fs.rm(E2E.IMG_DIR, { recursive: true, force: true });
await fs.mkdir(E2E.IMG_DIR, { recursive: true });
await seed(() => {});
await closeDb();
// The seeded state, kept for the specs that serve a database of their own (tests/e2e/db.ts seededDatabase).
const { cloneDatabase } = await import("../support/clone-database");
await cloneDatabase(E2E.DATABASE_URL, E2E.TEMPLATE_URL);

if (!process.env.E2E_SKIP_BUILD) {
  // The CLI's file as its package names it (bin.js in 7.x, bin.cjs in 8.x).
  const dev = "node_modules/@react-router/dev";
  const bin = (JSON.parse(await fs.readFile(`${dev}/package.json`, "utf8")) as { bin: Record<string, string> }).bin["react-router"];
  const build = spawnSync(process.execPath, [`${dev}/${bin}`, "build"], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// One process unless WEB_CONCURRENCY says otherwise (production's default is one per core).
// Its output goes to E2E_SERVER_LOG (the JSON lines are for the secret-grep of tests/e2e/teardown.ts,
// not for the console); what it writes to stderr is shown as well.
const logFile = process.env.E2E_SERVER_LOG ?? `/tmp/imob-e2e-server-${port}.log`;
const log = createWriteStream(logFile, { flags: "w" });
await fs.rm(process.env.E2E_SECRETS_FILE ?? "/nonexistent-e2e-secrets", { force: true });
const server = spawn(process.execPath, ["server.mjs"], { stdio: ["inherit", "pipe", "pipe"], env: { WEB_CONCURRENCY: "1", ...process.env, NODE_ENV: "production" } });
server.stdout!.pipe(log, { end: false });
server.stderr!.on("data", (d: Buffer) => {
  log.write(d);
  process.stderr.write(d);
});
for (const sig of ["SIGTERM", "SIGINT"] as const) process.on(sig, () => server.kill(sig));
server.on("exit", (code) => process.exit(code ?? 0));
