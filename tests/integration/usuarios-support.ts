// Helpers of the /admin/usuarios tests: running a route as React Router does, logging in through the login page.
import { expect } from "vitest";
import { action as loginAction } from "~/routes/login";
import { routeArgs, type RouteArgs } from "../route-args";

export const BASE = "http://localhost";
export const IP = "10.0.9.1";

// The parsed body of an answer, whatever its shape: the assertions check it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Outcome = { status: number; body: any; headers: Headers };
type Fn = (args: RouteArgs) => unknown;

/** Runs a loader or action the way React Router would and flattens thrown/returned responses and data(). */
export async function run(fn: Fn, request: Request): Promise<Outcome> {
  let result: unknown;
  try {
    result = await fn(routeArgs(request));
  } catch (e) {
    if (!(e instanceof Response)) throw e;
    result = e;
  }
  if (result instanceof Response) return { status: result.status, body: null, headers: result.headers };
  const r = result as { type?: string; data?: unknown; init?: { status?: number; headers?: HeadersInit } };
  if (r?.type === "DataWithResponseInit") return { status: r.init?.status ?? 200, body: r.data, headers: new Headers(r.init?.headers) };
  return { status: 200, body: result, headers: new Headers() };
}

export function request(path: string, { cookie = "", form, ip = IP }: { cookie?: string; form?: Record<string, string>; ip?: string } = {}) {
  const headers: Record<string, string> = { "x-imob-client-ip": ip };
  if (cookie) headers.Cookie = cookie;
  return new Request(`${BASE}${path}`, form ? { method: "POST", body: new URLSearchParams(form), headers } : { headers });
}

/** The login page's post. */
export const logIn = (email: string, password: string, ip = IP) => run(loginAction, request("/login", { form: { email, password }, ip }));

/** Logs in through the login page and returns the cookie to send back. */
export async function cookieFor(email: string, password: string) {
  const res = await logIn(email, password);
  expect(res.status, JSON.stringify(res.body)).toBe(302);
  return res.headers.get("Set-Cookie")!.split(";")[0];
}
