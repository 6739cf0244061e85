// The layer rules of .dependency-cruiser.cjs must bite: a deliberately wrong import is refused.
// (`npm run lint` checks the real tree; this checks that the check can fail.)
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const probes: string[] = [];
function probe(file: string, source: string) {
  fs.writeFileSync(file, source);
  probes.push(file);
  return file;
}
function cruise(file: string) {
  // The bin npm links (its file inside the package was renamed in dependency-cruiser 18).
  const bin = path.join("node_modules", ".bin", "depcruise");
  const r = spawnSync(process.execPath, [bin, file, "--config", ".dependency-cruiser.cjs"], { encoding: "utf8" });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

describe("layer rules", () => {
  afterEach(() => {
    for (const f of probes.splice(0)) fs.rmSync(f, { force: true });
  });

  it("refuse a model importing a component or React Router", () => {
    const file = probe(
      "app/models/__layer-probe.server.ts",
      'import { data } from "react-router";\nimport { ModalPage } from "~/components/modal";\nexport const probe = [data, ModalPage];\n',
    );
    const { status, output } = cruise(file);
    expect(status).not.toBe(0);
    expect(output).toContain("models-know-no-http");
    expect(output).toContain("domain-imports-no-web-framework");
  }, 30_000);

  it("refuse a component naming a server module, even for a type", () => {
    const file = probe("app/components/__layer-probe.tsx", 'import type { Imovel } from "~/models/listings/imovel.server";\nexport type Probe = Imovel;\n');
    const { status, output } = cruise(file);
    expect(status).not.toBe(0);
    expect(output).toContain("components-never-import-server-code");
  }, 30_000);

  it("let the HTTP side use the layers below it", () => {
    const file = probe("app/http/__layer-probe.server.ts", 'import { listPublic } from "~/models/listings/imovel.server";\nexport const probe = listPublic;\n');
    expect(cruise(file).status).toBe(0);
  }, 30_000);
});
