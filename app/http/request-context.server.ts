// What the server around the app (server/) hands each request besides the request itself: React
// Router's context, made by the server through the seam (`requestContext`) and read by
// entry.server.tsx (and any loader, action or middleware that needs it) with `context.get(…)`.
import { createContext, RouterContextProvider } from "react-router";

/**
 * This response's CSP nonce (server/security.ts); null for a page that may be shared (its scripts
 * are allowed by hash) and under `react-router dev`, which makes its own empty context. A default
 * of null, not undefined: React Router's `get` throws for a context without a value or a default.
 */
export const cspNonceContext = createContext<string | null>(null);

export function requestContext(cspNonce: string | undefined) {
  const context = new RouterContextProvider();
  context.set(cspNonceContext, cspNonce ?? null);
  return context;
}
