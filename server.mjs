// Starts the production server (server/main.ts). The server is TypeScript, checked by `tsc` with
// the app; tsx's loader (a dependency, as for the scripts) runs it without a build step of its own.
import { register } from "tsx/esm/api";

register();
// tsx turns Node's source maps on; here they cost ~17 % of the CPU of a page rendered per request
// (an admin's /, 8 alternating rounds of autocannon: 2.24 → 1.87 ms/req), for stack traces of
// server/ that point a few lines off. The build has no source maps to use anyway.
process.setSourceMapsEnabled(false);
await import("./server/main.ts");
