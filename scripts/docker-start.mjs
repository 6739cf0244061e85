// Container entry point: migrate (and seed an empty database), then replace this process with the server.
// A Node older than the project's (an image not built FROM the pinned node:x.y.z) stops here first.
import "./require-node.mjs";
import { spawnSync } from "node:child_process";
import cluster from "node:cluster";
import { allowLoopbackHttp } from "./loopback-http.mjs";

// compose's default PUBLIC_URL is http://localhost:3000: allowed, being loopback; any other http:// is refused.
allowLoopbackHttp(process.env);

// Compiled at build time beside the server (scripts/build-server.ts): no TypeScript compiler at start.
// Once, in the primary: server.mjs's cluster forks this same file for each worker, and they find the
// database prepared (it used to migrate again per worker: "[db] migrações em dia." N+1 times).
if (cluster.isPrimary) {
  const prep = spawnSync(process.execPath, [`${process.env.BUILD_DIR ?? "build"}/node/db-prepare.js`], { stdio: "inherit" });
  if (prep.status !== 0) process.exit(prep.status ?? 1);
}
await import("../server.mjs");
