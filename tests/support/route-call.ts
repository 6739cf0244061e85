// Calling a route module's loader or action in an integration test, as React Router would call it. A route
// answers in one of three ways, returned or thrown alike: a Response (a redirect, a refusal, a file),
// a data() result (a body with its status and headers), or a plain value (the body, status 200).
// callRoute gives one shape for all three, so each test reads `status`, `body`, `headers` and
// `location` without knowing which way the route chose.
//
// What data() returns is known in this file only: { type: "DataWithResponseInit", data, init }, the
// shape of React Router's `data()` (7 and 8; Remix 2's had it too). What a loader is handed (the
// request, params, the router's context, the URL, the pattern) is routeArgs' (tests/route-args.ts).

import { routeArgs } from "../route-args";

/** What a route answered. `B` is what the test expects in `body`; its assertions are what check it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type RouteAnswer<B = any> = {
  status: number;
  /** data()'s data, or the plain value returned; null when the route answered with a Response */
  body: B;
  headers: Headers;
  /** the Location header: where a redirect sends the browser */
  location: string | null;
  /** the Response, when the route answered with one (its body not yet read) */
  response: Response | null;
};

type DataWithResponseInit = { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null };

function isData(value: unknown): value is DataWithResponseInit {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

/** One route answer (a Response, a data() result or a plain value) in the shape of RouteAnswer. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function routeAnswer<B = any>(result: unknown): RouteAnswer<B> {
  if (result instanceof Response) {
    return { status: result.status, body: null as B, headers: result.headers, location: result.headers.get("Location"), response: result };
  }
  if (isData(result)) {
    const headers = new Headers(result.init?.headers);
    return { status: result.init?.status ?? 200, body: result.data as B, headers, location: headers.get("Location"), response: null };
  }
  return { status: 200, body: result as B, headers: new Headers(), location: null, response: null };
}

/**
 * Runs `fn` (a route's loader or action) with `request` and `params`, as React Router would: a Response it
 * throws (redirect(), a refusal) is its answer as much as one it returns. Anything else it throws is
 * thrown again, for the test to fail on (or to expect).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function callRoute<B = any>(fn: (args: never) => unknown, request: Request, params: Record<string, string | undefined> = {}): Promise<RouteAnswer<B>> {
  let result: unknown;
  try {
    result = await fn(routeArgs(request, params) as never);
  } catch (e) {
    if (!(e instanceof Response)) throw e;
    result = e;
  }
  return routeAnswer<B>(result);
}
