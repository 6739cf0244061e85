// Logging in (produto §2 Login): one function for the login page (through remix-auth) and /api/logar.
import { clear, formatRetry, hit } from "../services/rate-limit.server";
import { verifyLogin, type AdminUser } from "./user.server";

export const LOGIN_ERROR = "Senha e/ou email estão incorretos";
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

export type LoginOutcome =
  | { ok: true; user: AdminUser }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "throttled"; retryAt: Date };

/** What the page and /api/logar say past the limit. */
export function loginThrottledMessage(retryAt: Date) {
  return `Muitas tentativas de login. Tente novamente em ${formatRetry(retryAt)}.`;
}

const throttleKey = (email: string, ip: string) => `login:${email.trim().toLowerCase()}:${ip}`;

/**
 * Checks e-mail and password. Each attempt is counted for this e-mail and IP before the password is
 * checked, so parallel attempts cannot slip past the limit; a success forgets the earlier failures.
 */
export async function login(email: string, password: string, ip: string): Promise<LoginOutcome> {
  const key = throttleKey(email, ip);
  const limit = await hit(key, LOGIN_MAX_FAILURES, LOGIN_WINDOW_MS);
  if (!limit.allowed) return { ok: false, reason: "throttled", retryAt: limit.retryAt };
  const user = email && password ? await verifyLogin(email, password) : null;
  if (!user) return { ok: false, reason: "invalid" };
  await clear(key);
  return { ok: true, user };
}
