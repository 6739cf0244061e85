import { LOGIN_BUSY, LOGIN_BUSY_RETRY_S, login, loginThrottledMessage } from "~/models/accounts/auth.server";
import { allowMethods, apiRoute, refuse } from "~/http/api.server";
import { createApiToken } from "~/http/auth.server";
import { readForm } from "~/http/forms.server";
import { text } from "~/http/params.server";
import { clientIp } from "~/http/request.server";
import { json, jsonError } from "~/http/responses.server";
import { secondsUntil } from "~/services/rate-limit.server";

/**
 * produto §7: POST email + password (form or JSON) → a bearer token as a JSON string, or `false`
 * (401). Throttled together with the login page (per e-mail + IP, account, IP).
 */
export const action = apiRoute(async ({ request }) => {
  allowMethods(request, ["POST"]);
  const { form } = await readForm(request);
  const outcome = await login(text(form, "email").slice(0, 191), text(form, "password"), clientIp(request));
  if (outcome.ok) return json(await createApiToken(outcome.user.id));
  if (outcome.reason === "invalid") return json(false, { status: 401 });
  if (outcome.reason === "busy") {
    return jsonError(503, LOGIN_BUSY, { headers: { "Retry-After": String(LOGIN_BUSY_RETRY_S) } });
  }
  return jsonError(429, loginThrottledMessage(outcome.retryAt), {
    headers: { "Retry-After": String(secondsUntil(outcome.retryAt)) },
  });
});

export const loader = refuse(["POST"]);
