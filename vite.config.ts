import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  server: { port: 3000 },
  ssr: {
    // react-cropper ships CSS imports and an ESM build that Node cannot load as-is.
    noExternal: ["react-cropper", "cropperjs"],
  },
  build: { target: "es2020" },
  // `~/…` from tsconfig.json's paths, resolved by Vite itself.
  resolve: { tsconfigPaths: true },
  plugins: [reactRouter()],
});
