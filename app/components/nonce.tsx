import { createContext, useContext } from "react";

// The CSP nonce of this response (server/security.mjs), handed down by app/entry.server.tsx. In
// the browser it is "": the attribute matters only in the server's HTML, and browsers hide it anyway.
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

/** The nonce every <script> rendered on the server must carry. */
export function useNonce() {
  return useContext(NonceContext);
}
