// Issue 21: the project brings its own Node 24 LTS (the `node` package of the registry, a dev
// dependency) and every npm script runs on it, whatever the machine's own node is.
import fs from "node:fs";
import { describe, expect, it } from "vitest";

const pkg = JSON.parse(fs.readFileSync("package.json", "utf8"));

describe("runtime", () => {
  it("the tests run on Node 24, the version package.json brings and claims", () => {
    expect(process.version).toMatch(/^v24\./);
    expect(pkg.devDependencies.node).toMatch(/^\^24\./);
    expect(pkg.engines.node).toBe(">=24");
    // The runner's node is the one npm installed into node_modules/.bin, not the system's.
    expect(fs.realpathSync(process.execPath)).toBe(fs.realpathSync("node_modules/node/bin/node"));
  });
});
