// Starts the production server (server/main.ts). The server is TypeScript, checked by `tsc` with
// the app; tsx's loader (a dependency, as for the scripts) runs it without a build step of its own.
import { register } from "tsx/esm/api";

register();
await import("./server/main.ts");
