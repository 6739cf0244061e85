// Production refuses an http:// PUBLIC_URL unless ALLOW_INSECURE_HTTP=1 (app/env.server.ts). The
// scripts that serve on this machine (npm start, the container check, the container's entry with
// compose's default) serve http://localhost: they allow it, but only for a loopback address.
const LOOPBACK = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?(\/|$)/;

/** Sets ALLOW_INSECURE_HTTP=1 in `env` when PUBLIC_URL is unset or an http:// loopback address. */
export function allowLoopbackHttp(env) {
  if (env.ALLOW_INSECURE_HTTP) return env;
  if (!env.PUBLIC_URL || LOOPBACK.test(env.PUBLIC_URL)) env.ALLOW_INSECURE_HTTP = "1";
  return env;
}
