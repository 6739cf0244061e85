// React Router's framework settings (the app's build and the bare page of `npm run bench:http`,
// bench/bare/react-router.config.ts, use the same future flags).
import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Overridable so parallel test runs (several worktrees, CI) don't overwrite one build.
  buildDirectory: process.env.REMIX_BUILD_DIR ?? "build",
  // Every flag of React Router 7.18 that React Router 8 makes the default.
  future: {
    v8_middleware: true,
    v8_passThroughRequests: true,
    v8_splitRouteModules: true,
    v8_trailingSlashAwareDataRequests: true,
    v8_viteEnvironmentApi: true,
  },
} satisfies Config;
