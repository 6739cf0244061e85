// What React Router hands a route's loader or action, for the tests that call one directly: the
// request, its params, the router's context, the request's URL and the route's pattern.
import { RouterContextProvider, type LoaderFunctionArgs } from "react-router";

export type RouteArgs = LoaderFunctionArgs;

export function routeArgs(request: Request, params: Record<string, string | undefined> = {}, pattern = ""): RouteArgs {
  return { request, params, context: new RouterContextProvider(), url: new URL(request.url), pattern };
}
