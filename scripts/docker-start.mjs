// Container entry point: migrate (and seed an empty database), then replace this process with the server.
import { spawnSync } from "node:child_process";
import { allowLoopbackHttp } from "./loopback-http.mjs";

// compose's default PUBLIC_URL is http://localhost:3000: allowed, being loopback; any other http:// is refused.
allowLoopbackHttp(process.env);

const prep = spawnSync(process.execPath, ["--import", "tsx", "scripts/db-prepare.ts"], { stdio: "inherit" });
if (prep.status !== 0) process.exit(prep.status ?? 1);
await import("../server.mjs");
