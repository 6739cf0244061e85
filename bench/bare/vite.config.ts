// The bare Remix page of `npm run bench:http`: the same Remix 2.17.5 and future flags as the app, a
// minimal root and one route (<p>Olá</p>), built and served the same way (server/app.ts).
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import { REMIX_FUTURE } from "../../remix-future";

export default defineConfig({
  // The build goes beside the app's (build-bare/): outside this folder, so emptying it is explicit.
  build: { emptyOutDir: true },
  plugins: [
    remix({
      buildDirectory: "../../build-bare",
      future: REMIX_FUTURE,
    }),
  ],
});
