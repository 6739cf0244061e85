// Starts the production server: server/main.ts as compiled at build time into <build>/node/main.js
// (scripts/build-server.ts, run by every `react-router build`), plain JavaScript: no TypeScript
// compiler on the serving path (decision 0033). BUILD_DIR picks the build (default build/).
import "./scripts/require-node.mjs";
import fs from "node:fs";
import module from "node:module";
import path from "node:path";
import url from "node:url";

// Stack traces name the .ts/.tsx line (the build's and the server's source maps), for our own
// files only: node_modules' maps are neither read nor paid for. What it costs: decision 0033.
module.setSourceMapsSupport(true, { nodeModules: false, generatedCode: false });

const root = path.dirname(url.fileURLToPath(import.meta.url));
const main = path.resolve(root, process.env.BUILD_DIR ?? "build", "node", "main.js");
if (!fs.existsSync(main)) {
  console.error(`\n[server] ${path.relative(root, main)} não existe: gere o build antes (npm run build).\n`);
  process.exit(1);
}
await import(url.pathToFileURL(main).href);
