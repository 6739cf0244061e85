// Issue 32 §1: `npm run import -- <url|arquivo.xml>` — the same import as /admin/importar, run to its
// end from the command line with a summary; exit code 1, with the reason, when the feed cannot be
// read: a missing file, a file over 200 MB (the form's upload is bounded as it streams; a file on
// disk is checked before it is read), a feed that is not XML.
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb } from "~/db/client.server";
import { vrsyncFeed } from "../support/feed-server";
import { resetDb } from "./db";
import { listingByFeedCode } from "./import-support";

let dir: string;

/** `npm run import -- <args>` against the test database, as an operator runs it. */
function importCli(...args: string[]) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/import.ts", ...args], { env: process.env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("close", (code) => resolve({ code, out }));
  });
}

beforeAll(async () => {
  await resetDb();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "imob-import-cli-"));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
  await closeDb();
});

describe("npm run import", () => {
  it("imports a file and prints the summary; the operator's file stays where it was", async () => {
    const file = path.join(dir, "feed.xml");
    await fs.writeFile(file, vrsyncFeed([{ id: "CLI-1", price: 250000 }, { id: "CLI-2", price: null }]));
    const run = await importCli(file, "--publicar");
    expect(run.out).toMatch(/importação #\d+ concluída: 2 imóveis lidos \(.*criado: 1.*ignorado: 1.*\); relatório em \/admin\/importar\/\d+/);
    expect(run.code).toBe(0);
    expect((await listingByFeedCode("CLI-1")).ativo).toBe("sim");
    expect((await fs.stat(file)).isFile()).toBe(true);
  }, 60_000);

  it("exits 1 with the reason: a missing file, one over 200 MB, one that is not XML", async () => {
    const missing = await importCli(path.join(dir, "nao-existe.xml"));
    expect([missing.code, missing.out]).toEqual([1, expect.stringContaining("arquivo não encontrado")]);

    // Sparse (200 MB and one byte by its size, none of it on disk), and refused before it is copied.
    const big = path.join(dir, "grande.xml");
    await fs.writeFile(big, "");
    await fs.truncate(big, 200_000_001);
    const tooBig = await importCli(big);
    expect([tooBig.code, tooBig.out]).toEqual([1, expect.stringContaining("o arquivo é maior que 200 MB")]);
    expect(tooBig.out).not.toMatch(/importação #\d+/);

    const html = path.join(dir, "pagina.xml");
    await fs.writeFile(html, "<html><body>Entrar</body></html>");
    const notFeed = await importCli(html);
    expect(notFeed.code).toBe(1);
    expect(notFeed.out).toMatch(/importação #\d+ falhou: /);
  }, 120_000);
});
