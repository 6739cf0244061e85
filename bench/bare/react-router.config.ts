// The bare page of `npm run bench:http`: the same React Router and future flags as the app
// (../../react-router.config.ts), a minimal root and one route (<p>Olá</p>), built and served the
// same way (server/app.ts). The build goes beside the app's (build-bare/).
import type { Config } from "@react-router/dev/config";
import app from "../../react-router.config";

export default {
  ...app,
  buildDirectory: "../../build-bare",
} satisfies Config;
