import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  // The build goes outside this folder (react-router.config.ts): emptying it is explicit.
  build: { emptyOutDir: true },
  plugins: [reactRouter()],
});
