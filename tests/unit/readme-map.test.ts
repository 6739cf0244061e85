// README's map of the code (scripts/check-readme-map.mjs, part of `npm run lint`) must bite: a folder
// under app/ that README does not name, or a path README names that is gone, fails the check.
// (`npm run lint` checks the real tree; this checks that the check can fail.)
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const probe = "app/models/__map-probe";
const readmeCopy = path.join(os.tmpdir(), `readme-map-${process.pid}.md`);
afterEach(() => {
  fs.rmSync(probe, { recursive: true, force: true });
  fs.rmSync(readmeCopy, { force: true });
});

function check(env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, ["scripts/check-readme-map.mjs"], { encoding: "utf8", env: { ...process.env, ...env } });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

describe("README's map of the code", () => {
  it("passes on the tree as it is", () => {
    const { status, output } = check();
    expect(output).toContain("✔");
    expect(status).toBe(0);
  });

  it("fails on a folder it does not describe", () => {
    fs.mkdirSync(probe);
    const { status, output } = check();
    expect(status).toBe(1);
    expect(output).toContain(`${probe}/`);
  });

  it("fails on a path it names that no longer exists", () => {
    const readme = fs.readFileSync("README.md", "utf8").replace("| `app/seed/` |", "| `app/seed/`, `app/gone/` |");
    expect(readme, "the precondition: the row was found").toContain("`app/gone/`");
    fs.writeFileSync(readmeCopy, readme);
    const { status, output } = check({ README_MAP_FILE: readmeCopy });
    expect(status).toBe(1);
    expect(output).toContain("app/gone/");
  });
});
