// The login page authenticates through remix-auth's FormStrategy; the strategy and /api/logar
// both call the one login() of app/models/accounts/auth.server.ts.
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { login, type LoginOutcome } from "~/models/accounts/auth.server";
import type { AdminUser } from "~/models/accounts/user.server";
import { clientIp } from "./request.server";

/** Thrown by the strategy when login() refuses: the page shows the reason. */
export class LoginRefusedError extends Error {
  outcome: Extract<LoginOutcome, { ok: false }>;
  constructor(outcome: Extract<LoginOutcome, { ok: false }>) {
    super(outcome.reason);
    this.name = "LoginRefusedError";
    this.outcome = outcome;
  }
}

/** The e-mail as the login form sent it (kept in the form after a refusal). */
export function emailOf(form: FormData) {
  const v = form.get("email");
  return typeof v === "string" ? v.slice(0, 191) : "";
}

export const authenticator = new Authenticator<AdminUser>();

authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const password = form.get("password");
    const outcome = await login(emailOf(form), typeof password === "string" ? password : "", clientIp(request));
    if (!outcome.ok) throw new LoginRefusedError(outcome);
    return outcome.user;
  }),
  "form",
);
