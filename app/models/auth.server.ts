import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { clear, clientIp, formatRetry, hit } from "./rate-limit.server";
import type { AdminUser } from "./session.server";
import { verifyLogin } from "./user.server";

export const LOGIN_ERROR = "Senha e/ou email estão incorretos";
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

/** Thrown by the strategy for a wrong e-mail or password: the caller answers with the same alert for both. */
export class InvalidLoginError extends Error {
  constructor() {
    super(LOGIN_ERROR);
    this.name = "InvalidLoginError";
  }
}

export const authenticator = new Authenticator<AdminUser>();

authenticator.use(
  new FormStrategy(async ({ form }) => {
    const email = form.get("email");
    const password = form.get("password");
    if (typeof email !== "string" || typeof password !== "string" || !email || !password) {
      throw new InvalidLoginError();
    }
    const user = await verifyLogin(email, password);
    if (!user) throw new InvalidLoginError();
    return user;
  }),
  "form",
);

const throttleKey = (email: string, request: Request) => `login:${email.trim().toLowerCase()}:${clientIp(request)}`;

/**
 * Counts a login attempt for this e-mail and IP before the password is checked, so parallel attempts
 * cannot slip past the limit. Returns the message to show when this attempt is over the limit.
 */
export async function throttleLogin(email: string, request: Request) {
  const res = await hit(throttleKey(email, request), LOGIN_MAX_FAILURES, LOGIN_WINDOW_MS);
  if (res.allowed) return null;
  return {
    message: `Muitas tentativas de login. Tente novamente em ${formatRetry(res.retryAt)}.`,
    retryAfterSeconds: Math.max(1, Math.ceil((res.retryAt.getTime() - Date.now()) / 1000)),
  };
}

/** A successful login forgets the earlier failures. */
export function resetLoginThrottle(email: string, request: Request) {
  return clear(throttleKey(email, request));
}
