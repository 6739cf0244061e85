// React Router's framework settings (the app's build and the bare page of `npm run bench:http`,
// bench/bare/react-router.config.ts, use the same future flags).
import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Overridable so parallel test runs (several worktrees, CI) don't overwrite one build.
  buildDirectory: process.env.REMIX_BUILD_DIR ?? "build",
} satisfies Config;
