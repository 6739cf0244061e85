// React Router's framework settings (the app's build and the bare page of `npm run bench:http`,
// bench/bare/react-router.config.ts, use the same). React Router 8 has every former v8_* flag on
// by default (middleware, pass-through requests, trailing-slash-aware data URLs, the Vite
// environment API) and splits the client route modules by default (splitRouteModules).
import type { Config } from "@react-router/dev/config";
import { buildServer } from "./scripts/build-server";

export default {
  ssr: true,
  // Overridable so parallel test runs (several worktrees, CI) don't overwrite one build.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // The server that serves this build, compiled beside it (<build>/node/, decision 0033).
  buildEnd: ({ reactRouterConfig }) => buildServer(reactRouterConfig.buildDirectory),
} satisfies Config;
