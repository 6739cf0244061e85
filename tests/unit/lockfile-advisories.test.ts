// Issue 31 §6: where the registry refuses the audit endpoint (here: 405), the lockfile itself must be
// free of the advisories the issue named. Read straight from package-lock.json, then the same rules
// as scripts/known-advisories.mjs (which `npm run audit` runs everywhere) shown able to fail.
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { lockfileAdvisories, lockfilePackages, versionBelow } from "../../scripts/known-advisories.mjs";

const lock = JSON.parse(fs.readFileSync("package-lock.json", "utf8"));
const copies = (name: string) => lockfilePackages(lock).filter((p: { name: string }) => p.name === name);

describe("package-lock.json holds none of issue 31's advisories", () => {
  it("reads a lockfile of the shape it expects (v3, hundreds of packages)", () => {
    expect(lock.lockfileVersion).toBeGreaterThanOrEqual(2);
    expect(lockfilePackages(lock).length).toBeGreaterThan(300);
  });

  it("no @remix-run/react, @remix-run/router or @remix-run/server-runtime anywhere", () => {
    for (const name of ["@remix-run/react", "@remix-run/router", "@remix-run/server-runtime"]) expect(copies(name), name).toEqual([]);
    // What is left of @remix-run is framework-agnostic (the form-data parser and its parts).
    expect(copies("@remix-run/form-data-parser").length).toBeGreaterThan(0);
  });

  it("every react-router is 7.18 or newer, and there is one", () => {
    const rr = copies("react-router");
    expect(rr.length).toBeGreaterThan(0);
    for (const p of rr) expect(versionBelow(p.version, "7.18.0"), `${p.where} ${p.version}`).toBe(false);
  });

  it("every turbo-stream is 3 or newer (React Router 8 brings none)", () => {
    for (const p of copies("turbo-stream")) expect(versionBelow(p.version, "3.0.0"), `${p.where} ${p.version}`).toBe(false);
  });

  it("the known-advisory check finds nothing in it", () => {
    expect(lockfileAdvisories(lock)).toEqual([]);
  });

  it("the same check finds each of them in Remix 2's lockfile, nested copies included", () => {
    const remix2 = {
      lockfileVersion: 3,
      packages: {
        "": { name: "x" },
        "node_modules/@remix-run/react": { version: "2.17.5" },
        "node_modules/@remix-run/react/node_modules/turbo-stream": { version: "2.4.1" },
        "node_modules/@remix-run/router": { version: "1.23.3" },
        "node_modules/@remix-run/server-runtime": { version: "2.17.5" },
        "node_modules/react-router": { version: "6.30.4" },
        "node_modules/a/node_modules/react-router": { version: "7.18.0-pre.1" },
        "node_modules/b/node_modules/react-router": { version: "7.18.0" },
        "node_modules/turbo-stream": { version: "3.1.0" },
      },
    };
    expect(lockfileAdvisories(remix2).map((f: { where: string }) => f.where)).toEqual([
      "node_modules/@remix-run/react",
      "node_modules/@remix-run/react/node_modules/turbo-stream",
      "node_modules/@remix-run/router",
      "node_modules/@remix-run/server-runtime",
      "node_modules/react-router",
      "node_modules/a/node_modules/react-router",
    ]);
  });

  it("compares versions numerically, a pre-release below its release", () => {
    expect(versionBelow("2.4.1", "3.0.0")).toBe(true);
    expect(versionBelow("10.0.0", "3.0.0")).toBe(false);
    expect(versionBelow("7.9.9", "7.18.0")).toBe(true);
    expect(versionBelow("7.18.0", "7.18.0")).toBe(false);
    expect(versionBelow("3.0.0-beta.2", "3.0.0")).toBe(true);
    expect(versionBelow("8.5.1", "7.18.0")).toBe(false);
  });
});
