// Remix's v3 future flags: the app's build (vite.config.ts) and the bare page of
// `npm run bench:http` (bench/bare/vite.config.ts) must run with the same ones.
export const REMIX_FUTURE = {
  v3_fetcherPersist: true,
  v3_relativeSplatPath: true,
  v3_throwAbortReason: true,
  v3_singleFetch: true,
  v3_lazyRouteDiscovery: true,
} as const;
