import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  server: { port: 3000 },
  build: { target: "es2020" },
  // The server bundle's source map, for stack traces in .ts/.tsx lines (server.mjs turns them on,
  // decision 0033). Not the browser's: the client's sources stay unpublished.
  environments: { ssr: { build: { sourcemap: true } } },
  // `~/…` from tsconfig.json's paths, resolved by Vite itself.
  resolve: { tsconfigPaths: true },
  plugins: [reactRouter()],
});
