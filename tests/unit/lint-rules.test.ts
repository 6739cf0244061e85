// ESLint's rules of hooks and JSX accessibility must bite in `npm run lint` (eslint.config.js): a
// component that breaks each is refused. (`npm run lint` checks the real tree; this checks that
// the check can fail.) The JSX accessibility rules come from eslint-plugin-jsx-a11y-x, the fork
// that runs on ESLint 10 (decision 0034): its whole recommended set must be on, and fire.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import jsxA11y from "eslint-plugin-jsx-a11y-x";
import reactHooks from "eslint-plugin-react-hooks";
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
  }, 120_000);

  it("refuse what the rest of both recommended sets catch: state set in an effect, a ref read in render, inaccessible JSX", () => {
    const { status, output } = lint(
      [
        'import { useEffect, useRef, useState } from "react";',
        "export function Probe({ items }: { items: string[] }) {",
        "  const [shown, setShown] = useState<string[]>([]);",
        "  useEffect(() => setShown(items), [items]);",
        "  const count = useRef(0);",
        "  count.current += 1;",
        "  return (",
        "    <div onClick={() => setShown([])}>",
        '      <a href="#">{shown.length}</a>',
        "      <label>Nome</label>",
        '      <input autoFocus aria-labelledby="nada" />',
        "    </div>",
        "  );",
        "}",
      ].join("\n"),
    );
    expect(status).not.toBe(0);
    for (const rule of [
      "react-hooks/set-state-in-effect",
      "react-hooks/refs",
      "jsx-a11y/click-events-have-key-events",
      "jsx-a11y/no-static-element-interactions",
      "jsx-a11y/anchor-is-valid",
      "jsx-a11y/label-has-associated-control",
      "jsx-a11y/no-autofocus",
    ]) expect(output).toContain(rule);
  }, 120_000);

  it("run every rule of eslint-plugin-react-hooks' recommended set and of the accessibility plugin's, none off", async () => {
    const config = await new ESLint().calculateConfigForFile("app/components/any.tsx");
    // What each set turns on (the accessibility set lists three rules as "off" itself).
    const on = (rules: Record<string, unknown> = {}) => Object.keys(rules).filter((r) => ![0, "off"].includes((Array.isArray(rules[r]) ? rules[r][0] : rules[r]) as string));
    const hooks = on(reactHooks.configs.flat["recommended-latest"].rules);
    const a11y = on(jsxA11y.configs.recommended.rules).map((r) => r.replace(/^jsx-a11y-x\//, "jsx-a11y/"));
    expect(hooks.length).toBeGreaterThan(10);
    expect(a11y.length).toBeGreaterThan(30);
    const off = [...hooks, ...a11y].filter((r) => {
      const level = config.rules?.[r]?.[0];
      return level === undefined || level === 0 || level === "off";
    });
    expect(off).toEqual([]);
  }, 120_000);

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
  }, 120_000);
});
