import { createContext, useContext } from "react";

// The CSP nonce of this response (server/security.ts), handed down by app/entry.server.tsx. None
// (no attribute at all) in a page rendered to be shared, whose scripts the CSP allows by hash, and
// in the browser: the attribute matters only in the server's HTML, and browsers hide it anyway.
const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

/** The nonce every <script> rendered on the server must carry. */
export function useNonce() {
  return useContext(NonceContext);
}
