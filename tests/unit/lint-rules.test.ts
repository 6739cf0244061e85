// ESLint's rules of hooks and JSX accessibility must bite in `npm run lint` (eslint.config.js): a
// component that breaks each is refused. (`npm run lint` checks the real tree; this checks that
// the check can fail.)
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const file = "app/components/__lint-probe.tsx";
afterEach(() => fs.rmSync(file, { force: true }));

function lint(source: string) {
  fs.writeFileSync(file, source);
  const r = spawnSync(process.execPath, [path.join("node_modules", ".bin", "eslint"), "--max-warnings", "0", file], { encoding: "utf8" });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

describe("lint rules", () => {
  it("refuse a hook called conditionally, a stale effect and an image without alt", () => {
    const { status, output } = lint(
      [
        'import { useEffect, useState } from "react";',
        "export function Probe({ open }: { open: boolean }) {",
        "  if (open) useState(0);",
        "  const [n] = useState(1);",
        "  useEffect(() => void console.log(n), []);",
        '  return <img src="/x.jpg" />;',
        "}",
      ].join("\n"),
    );
    expect(status).not.toBe(0);
    for (const rule of ["react-hooks/rules-of-hooks", "react-hooks/exhaustive-deps", "jsx-a11y/alt-text"]) expect(output).toContain(rule);
  }, 30_000);

  it("pass the same component written right", () => {
    const { status, output } = lint(
      [
        'import { useEffect, useState } from "react";',
        "export function Probe() {",
        "  const [n] = useState(1);",
        "  useEffect(() => void console.log(n), [n]);",
        '  return <img src="/x.jpg" alt="" />;',
        "}",
      ].join("\n"),
    );
    expect(output).toBe("");
    expect(status).toBe(0);
  }, 30_000);
});
