import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import { REMIX_FUTURE } from "./remix-future";
import tsconfigPaths from "vite-tsconfig-paths";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  server: { port: 3000 },
  ssr: {
    // react-cropper ships CSS imports and an ESM build that Node cannot load as-is.
    noExternal: ["react-cropper", "cropperjs"],
  },
  build: { target: "es2020" },
  plugins: [
    remix({
      // Overridable so parallel test runs (several worktrees, CI) don't overwrite one build.
      buildDirectory: process.env.REMIX_BUILD_DIR ?? "build",
      future: REMIX_FUTURE,
    }),
    tsconfigPaths(),
  ],
});
