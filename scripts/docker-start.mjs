// Container entry point: migrate (and seed an empty database), then replace this process with the server.
import { spawnSync } from "node:child_process";

const prep = spawnSync(process.execPath, ["--import", "tsx", "scripts/db-prepare.ts"], { stdio: "inherit" });
if (prep.status !== 0) process.exit(prep.status ?? 1);
await import("../server.mjs");
