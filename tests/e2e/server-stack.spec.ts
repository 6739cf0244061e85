// Issue 31 §3: the production server runs compiled JavaScript (<build>/node/main.js beside React
// Router's build/server/index.js), and a stack trace in its log still names the .ts/.tsx source
// line, through the source maps server.mjs turns on. Both lines expected are found in the sources
// by their text, never written down here.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import mysql from "mysql2/promise";
import { test, expect } from "./helpers";
import { seededDatabase } from "./db";
import { exited, startServer } from "./spawn-server";
import { dropDatabase } from "../../app/db/setup.server";

const BUILD = process.env.BUILD_DIR ?? "build";

/** `file:line` of the first line of a source file holding `text` (1-based, as stack traces count). */
function sourceLine(file: string, text: string) {
  const index = fs.readFileSync(file, "utf8").split("\n").findIndex((l) => l.includes(text));
  expect(index, `${file} holds ${text}`).toBeGreaterThanOrEqual(0);
  return `${path.resolve(file)}:${index + 1}:`;
}

// A server to start (up to 120 s on the busy machine, spawn-server.ts) and its log to read.
test.describe.configure({ timeout: 180_000 });

test("a loader's failure is logged with its stack in the lines of app/ and server/, not of the build", async () => {
  const databaseUrl = await seededDatabase("stack");
  const conn = await mysql.createConnection({ uri: databaseUrl });
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    const [[listing]] = (await conn.query("SELECT id FROM imoveis WHERE ativo = 'sim' ORDER BY id LIMIT 1")) as unknown as [{ id: number }[]];
    server = await startServer(databaseUrl);
    // A table gone from under a running server (a migration gone wrong): the listing's loader fails.
    await conn.query("RENAME TABLE imoveis TO imoveis_fora");
    expect((await fetch(`${server.base}/imovel/${listing.id}`)).status).toBe(500);

    let logged: { err?: { stack?: string } } | undefined;
    await expect
      .poll(() => (logged = server!.output().split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l)).find((l) => l.msg === "Erro ao atender a requisição")), { timeout: 15_000 })
      .toBeTruthy();
    const stack = logged!.err!.stack!;
    // The route's loader, where it awaits the listing, and the server's wrapper around every loader.
    expect(stack).toContain(`(${sourceLine("app/routes/_site.imovel.$id.tsx", "await getPublicImovel(")}`);
    expect(stack).toContain(`(${sourceLine("server/router.ts", "return await fn(args);")}`);
    // What ran was the build: without the maps these frames would name its files.
    expect(fs.existsSync(`${BUILD}/server/index.js.map`) && fs.existsSync(`${BUILD}/node/main.js.map`)).toBe(true);
    expect(stack).not.toMatch(/build\/(server\/index|node\/main)\.js/);
  } finally {
    server?.child.kill("SIGKILL");
    await conn.end();
    await dropDatabase(databaseUrl);
  }
});

test("an error the server's own code throws at start names its .ts line", async () => {
  // A build whose app lacks the seam the server checks for (server/seam.ts): the server of the
  // real build, compiled, beside an app module that exports nothing it needs. Inside the project,
  // as a build is: the maps name the sources relative to themselves (../../server/seam.ts).
  const fake = fs.mkdtempSync("build-stack-");
  try {
    fs.cpSync(`${BUILD}/node`, `${fake}/node`, { recursive: true });
    fs.mkdirSync(`${fake}/server`);
    fs.writeFileSync(`${fake}/server/index.js`, "export const entry = { module: {} };\n");
    // Without colours: under the runner's FORCE_COLOR, Node greys the folder part of each frame.
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", BUILD_DIR: fake, PORT: "0", WEB_CONCURRENCY: "1", NO_COLOR: "1" };
    delete env.FORCE_COLOR;
    const child = spawn(process.execPath, ["server.mjs"], { env });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    expect(await exited(child)).not.toBe(0);
    expect(output).toContain("O build não exporta `seam`");
    expect(output).toContain(`at seamOf (${sourceLine("server/seam.ts", "O build não exporta")}`);
    expect(output).not.toContain(`${fake}/node/main.js`);
  } finally {
    fs.rmSync(fake, { recursive: true, force: true });
  }
});
