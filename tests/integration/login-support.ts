// Logging in through the login page, and the page requests around it, for the tests of logins,
// sessions and administrators (auth, usuarios, usuarios-history). Each request comes from one client
// address (x-imob-client-ip, which server/app.ts sets from the socket), with a session cookie when
// one is given.
import { expect } from "vitest";
import { action as loginAction } from "~/routes/login";
import { callRoute, type RouteAnswer } from "../support/route-call";

export const BASE = "http://localhost";
export const IP = "10.0.9.1";

/** A page request from `ip`: a form post when `form` is given, else a GET (or `method`). */
export function request(path: string, { cookie = "", form, ip = IP, method = form ? "POST" : "GET" }: { cookie?: string; form?: Record<string, string>; ip?: string; method?: string } = {}) {
  const headers: Record<string, string> = { "x-imob-client-ip": ip };
  if (cookie) headers.Cookie = cookie;
  return new Request(`${BASE}${path}`, { method, headers, body: form ? new URLSearchParams(form) : undefined });
}

/** The login page's post of `fields` (email, password, redirectTo…); `query` is the page's own (?redirectTo=…). */
export const postLogin = (fields: Record<string, string>, { query = "", ...opts }: { query?: string; ip?: string; cookie?: string } = {}) =>
  callRoute(loginAction, request(`/login${query}`, { form: fields, ...opts }));

/** The login page's post of an e-mail and a password. */
export const logIn = (email: string, password: string, ip = IP) => postLogin({ email, password }, { ip });

/** "name=value" of an answer's Set-Cookie, ready to send back as a Cookie header. */
export const cookieOf = (answer: RouteAnswer) => answer.headers.get("Set-Cookie")!.split(";")[0];

/** Logs in through the login page and returns the cookie to send back. */
export async function cookieFor(email: string, password: string) {
  const res = await logIn(email, password);
  expect(res.status, JSON.stringify(res.body)).toBe(302);
  return cookieOf(res);
}
