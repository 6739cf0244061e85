import { useEffect, useState } from "react";

/**
 * False in the server HTML and the first render, true once React runs in the browser: forms add
 * what only a fetcher can use (`_fetcher=1`) after that, so without JavaScript they stay plain posts.
 */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
