import { resetLoginThrottle, throttleLogin } from "~/models/auth.server";
import { createApiToken } from "~/models/session.server";
import { verifyLogin } from "~/models/user.server";
import { apiRoute, allowMethods, json, jsonError, readForm, refuse, text } from "~/utils/api.server";

/**
 * SPEC §7: POST email + password (form or JSON) → a bearer token as a JSON string, or `false`
 * (401). Throttled per e-mail and IP together with the login page.
 */
export const action = apiRoute(async ({ request }) => {
  allowMethods(request, ["POST"]);
  const { form } = await readForm(request);
  const email = text(form, "email").slice(0, 191);
  const password = text(form, "password");

  const throttled = await throttleLogin(email, request);
  if (throttled) {
    return jsonError(429, throttled.message, { headers: { "Retry-After": String(throttled.retryAfterSeconds) } });
  }
  const user = email && password ? await verifyLogin(email, password) : null;
  if (!user) return json(false, { status: 401 });
  await resetLoginThrottle(email, request);
  return json(await createApiToken(user.id));
});

export const loader = refuse(["POST"]);
