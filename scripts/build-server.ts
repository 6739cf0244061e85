// The server compiled at build time (issue 31 §3, decision 0033): server/main.ts (express around
// React Router) and scripts/db-prepare.ts (what `npm start` and the container run before serving)
// become plain JavaScript in <build>/node/, with source maps, so that nothing compiles TypeScript
// on the serving path (tsx did, at every start). Run by react-router.config.ts's buildEnd: every
// `react-router build` (npm run build, the Dockerfile, the e2e server, the benches) writes a build
// that server.mjs can serve, and the server is always the one of the build it serves.
// Vite (the app's own bundler) rather than esbuild: the same resolver (tsconfig's `~/` paths) and the
// same source maps as the app's server bundle, no second tool to keep; npm packages stay external.
import path from "node:path";
import url from "node:url";
import { build } from "vite";

const ROOT = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), "..");

/** The entry points, by their file name in <build>/node/. */
export const SERVER_ENTRIES = { main: "server/main.ts", "db-prepare": "scripts/db-prepare.ts" };

export async function buildServer(buildDirectory: string) {
  await build({
    configFile: false,
    root: ROOT,
    logLevel: "warn",
    mode: "production",
    resolve: { tsconfigPaths: true },
    build: {
      ssr: true,
      outDir: path.join(buildDirectory, "node"),
      emptyOutDir: true,
      copyPublicDir: false,
      // Read by Node (server.mjs turns source maps on): a stack trace names the .ts line.
      sourcemap: true,
      target: "node24",
      minify: false,
      rolldownOptions: {
        input: Object.fromEntries(Object.entries(SERVER_ENTRIES).map(([name, file]) => [name, path.join(ROOT, file)])),
        output: { format: "esm", entryFileNames: "[name].js", chunkFileNames: "[name]-[hash].js" },
      },
    },
  });
}
