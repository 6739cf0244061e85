import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False in the server HTML and the first render, true once React runs in the browser: forms add
 * what only a fetcher can use (`_fetcher=1`) after that, so without JavaScript they stay plain posts.
 * React's own way to tell the server snapshot from the client's (no state set in an effect, which
 * react-hooks/set-state-in-effect refuses): hydration renders `false`, then React re-renders with
 * `true`; a component mounted later starts at `true`.
 */
export function useHydrated() {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
