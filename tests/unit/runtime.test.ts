// Issue 21: the project brings its own Node 24 LTS (the `node` package of the registry, a dev
// dependency) and every npm script runs on it, whatever the machine's own node is.
// Issue 31 §4: the serving entry points refuse an older Node, and the container's base image is
// the very version the project brings.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { olderThan } from "../../scripts/require-node.mjs";

const pkg = JSON.parse(fs.readFileSync("package.json", "utf8"));
const lock = JSON.parse(fs.readFileSync("package-lock.json", "utf8"));
/** The Node the project brings, as the lockfile installs it. */
const PROJECT_NODE: string = lock.packages["node_modules/node"].version;
/** The machine's own node (v20 on these machines): what a plain `node server.mjs` runs on. */
const SYSTEM_NODE = "/usr/bin/node";

describe("runtime", () => {
  it("the tests run on Node 24, the version package.json brings and claims", () => {
    expect(process.version).toMatch(/^v24\./);
    expect(pkg.engines.node).toBe(">=24");
    // The runner's node is the one npm installed into node_modules/.bin, not the system's.
    expect(fs.realpathSync(process.execPath)).toBe(fs.realpathSync("node_modules/node/bin/node"));
    expect(process.versions.node).toBe(PROJECT_NODE);
  });

  it("package.json names one exact Node, the lockfile's, and every stage of the Dockerfile is built FROM it", () => {
    expect(PROJECT_NODE).toMatch(/^24\.\d+\.\d+$/);
    expect(pkg.devDependencies.node).toBe(PROJECT_NODE);
    expect(lock.packages[""].devDependencies.node).toBe(PROJECT_NODE);
    const froms = [...fs.readFileSync("Dockerfile", "utf8").matchAll(/^FROM\s+(\S+)/gim)].map((m) => m[1]);
    // Stages built FROM another stage (FROM deps AS build) inherit its image.
    const images = froms.filter((f) => f.includes(":"));
    expect(images.length).toBeGreaterThanOrEqual(2);
    for (const image of images) expect(image).toBe(`node:${PROJECT_NODE}-bookworm-slim`);
  });

  it("compares versions as numbers", () => {
    expect(olderThan("20.20.2", "24.21.0")).toBe(true);
    expect(olderThan("24.9.0", "24.21.0")).toBe(true);
    expect(olderThan("24.21.0", "24.21.0")).toBe(false);
    expect(olderThan("24.21.1", "24.21.0")).toBe(false);
    expect(olderThan("26.0.0", "24.21.0")).toBe(false);
  });

  describe.each([
    ["server.mjs"],
    ["scripts/start.mjs"],
    ["scripts/docker-start.mjs"],
  ])("%s under the system's older node", (entry) => {
    it("stops at once with both versions and what to run instead, exit code 1", () => {
      const system = spawnSync(SYSTEM_NODE, ["--version"], { encoding: "utf8" });
      const systemVersion = system.stdout.trim().replace(/^v/, "");
      // The claim needs an older node to run them on: this machine's is v20.
      expect(olderThan(systemVersion, PROJECT_NODE), `${SYSTEM_NODE} is v${systemVersion}`).toBe(true);
      // A database URL nobody answers: had the guard let it through, the entry would try to reach it.
      const r = spawnSync(SYSTEM_NODE, [entry], {
        encoding: "utf8",
        timeout: 30_000,
        env: { ...process.env, DATABASE_URL: "mysql://root@127.0.0.1:9/nada", PORT: "9", BUILD_DIR: "build" },
      });
      expect(r.status).toBe(1);
      expect(r.stderr).toContain(`Este projeto roda no Node ${PROJECT_NODE} ou mais novo; este processo é o Node ${systemVersion}`);
      expect(r.stderr).toContain("npm start");
      expect(r.stderr).toContain("node_modules/.bin/node");
      // Nothing else ran: no database, build or server message.
      expect(r.stdout).toBe("");
    });
  });

  it("the project's own node passes the guard", () => {
    const r = spawnSync(process.execPath, ["--input-type=module", "-e", "await import('./scripts/require-node.mjs'); console.log('ok')"], { encoding: "utf8" });
    expect(r.stderr).toBe("");
    expect(r.stdout.trim()).toBe("ok");
  });
});
