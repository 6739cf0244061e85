// Issues 21 and 31: `npm run audit` (scripts/audit.mjs, run by .ci/run) fails on an advisory of
// severity moderate or higher of a production dependency, passes on a low one or none, and says
// loudly when the registry refuses to answer (failing then with AUDIT_REQUIRED=1). npm audit itself
// asks a stub registry on loopback: the bulk-advisory endpoint and the packages' documents.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";

type Mode = "critical" | "moderate" | "low" | "clean" | "refuses";
let registry: http.Server | undefined;
const cache = fs.mkdtempSync(path.join(os.tmpdir(), "imob-audit-cache-"));
afterEach(() => registry?.close());
afterAll(() => fs.rmSync(cache, { recursive: true, force: true }));

/** The two endpoints npm audit uses: the advisories (POST) and a package's document (GET). */
async function startRegistry(mode: Mode) {
  registry = http.createServer((req, res) => {
    req.resume().on("end", () => {
      if (mode === "refuses") return void res.writeHead(405, { allow: "GET,HEAD" }).end();
      res.setHeader("content-type", "application/json");
      if (req.method === "GET") {
        const name = decodeURIComponent(req.url!.slice(1));
        const { version } = JSON.parse(fs.readFileSync(`node_modules/${name}/package.json`, "utf8"));
        return void res.end(JSON.stringify({ name, "dist-tags": { latest: version }, versions: { [version]: { name, version } } }));
      }
      if (req.url !== "/-/npm/v1/security/advisories/bulk") return void res.writeHead(404).end("{}");
      // Its own id per severity: npm keeps what it computed of an advisory under its id.
      const id = ["critical", "moderate", "low"].indexOf(mode) + 1;
      const advisory = { id, url: `https://example.test/adv/${id}`, title: "Teste", severity: mode, vulnerable_versions: "<99.0.0", cwe: [], cvss: { score: 5 } };
      res.end(JSON.stringify(mode === "clean" ? {} : { express: [advisory] }));
    });
  });
  await new Promise<void>((r) => registry!.listen(0, "127.0.0.1", r));
  return `http://127.0.0.1:${(registry.address() as AddressInfo).port}/`;
}

function audit(registryUrl: string, env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    // A cache of its own: npm keeps advisories it computed, and the stub's are not the registry's.
    const child = spawn(process.execPath, ["scripts/audit.mjs"], { env: { ...process.env, npm_config_registry: registryUrl, npm_config_cache: cache, ...env } });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("close", (code) => resolve({ code, output }));
  });
}

describe("npm run audit", () => {
  it("fails on a critical advisory of a production dependency, naming it", async () => {
    const r = await audit(await startRegistry("critical"));
    expect(r.output).toContain("critical: express");
    expect(r.code).toBe(1);
  }, 60_000);

  it("fails on a moderate one too", async () => {
    const r = await audit(await startRegistry("moderate"));
    expect(r.output).toContain("moderate: express");
    expect(r.output).toContain("1 moderadas");
    expect(r.code).toBe(1);
  }, 60_000);

  it("counts a low one without failing", async () => {
    const r = await audit(await startRegistry("low"));
    expect(r.output).toContain("0 moderadas, 1 baixas");
    expect(r.code).toBe(0);
  }, 60_000);

  it("passes with no advisory", async () => {
    const r = await audit(await startRegistry("clean"));
    expect(r.output).toContain("0 críticas, 0 altas, 0 moderadas, 0 baixas");
    expect(r.output).toContain("nenhum dos avisos conhecidos");
    expect(r.code).toBe(0);
  }, 60_000);

  it("says NÃO VERIFICADO when the registry refuses, and fails then if the audit is required", async () => {
    const url = await startRegistry("refuses");
    const r = await audit(url);
    expect(r.output).toContain("NÃO VERIFICADO");
    expect(r.output).toContain("405");
    // What it could still check, said as such: the lockfile against the advisories it knows.
    expect(r.output).toContain("nenhum dos avisos conhecidos");
    expect(r.code).toBe(0);
    expect((await audit(url, { AUDIT_REQUIRED: "1" })).code).toBe(1);
  }, 60_000);
});
