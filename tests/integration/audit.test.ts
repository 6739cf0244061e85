// Issue 21: `npm run audit` (scripts/audit.mjs, run by .ci/run) fails on a high or critical advisory
// of a production dependency, passes on none, and says loudly when the registry refuses to answer
// (failing then with AUDIT_REQUIRED=1). npm audit itself asks a stub registry on loopback.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";

type Mode = "advisory" | "clean" | "refuses";
let registry: http.Server | undefined;
afterEach(() => registry?.close());

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
      const advisory = { id: 1, url: "https://example.test/adv/1", title: "Teste", severity: "critical", vulnerable_versions: "<99.0.0", cwe: [], cvss: { score: 9.8 } };
      res.end(JSON.stringify(mode === "advisory" ? { express: [advisory] } : {}));
    });
  });
  await new Promise<void>((r) => registry!.listen(0, "127.0.0.1", r));
  return `http://127.0.0.1:${(registry.address() as AddressInfo).port}/`;
}

function audit(registryUrl: string, env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ["scripts/audit.mjs"], { env: { ...process.env, npm_config_registry: registryUrl, ...env } });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("close", (code) => resolve({ code, output }));
  });
}

describe("npm run audit", () => {
  it("fails on a critical advisory of a production dependency, naming it", async () => {
    const r = await audit(await startRegistry("advisory"));
    expect(r.output).toContain("critical: express");
    expect(r.code).toBe(1);
  }, 60_000);

  it("passes with no advisory", async () => {
    const r = await audit(await startRegistry("clean"));
    expect(r.output).toContain("0 críticas, 0 altas");
    expect(r.code).toBe(0);
  }, 60_000);

  it("says NÃO VERIFICADO when the registry refuses, and fails then if the audit is required", async () => {
    const url = await startRegistry("refuses");
    const r = await audit(url);
    expect(r.output).toContain("NÃO VERIFICADO");
    expect(r.code).toBe(0);
    expect((await audit(url, { AUDIT_REQUIRED: "1" })).code).toBe(1);
  }, 60_000);
});
