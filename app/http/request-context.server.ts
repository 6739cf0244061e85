// What the server around the app (server/) hands each request besides the request itself: React
// Router's context, made by the server through the seam (`requestContext`) and read by
// entry.server.tsx (and any loader, action or middleware that needs it) with `context.get(…)`.
import { createContext, RouterContextProvider } from "react-router";

/** This response's CSP nonce (server/security.ts); none for a page that may be shared (its scripts are allowed by hash). */
export const cspNonceContext = createContext<string | undefined>(undefined);

export function requestContext(cspNonce: string | undefined) {
  const context = new RouterContextProvider();
  context.set(cspNonceContext, cspNonce);
  return context;
}
