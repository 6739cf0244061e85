import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  server: { port: 3000 },
  build: { target: "es2020" },
  // `~/…` from tsconfig.json's paths, resolved by Vite itself.
  resolve: { tsconfigPaths: true },
  plugins: [reactRouter()],
});
