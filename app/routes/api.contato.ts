import { allowMethods, apiRoute, refuse } from "~/http/api.server";
import { handleContato } from "~/http/contato.server";
import { readForm } from "~/http/forms.server";
import { clientIp } from "~/http/request.server";
import { json, jsonError, validationError } from "~/http/responses.server";
import { CONTATO_SUCCESS } from "~/utils/contato-schema";

/** produto §7: form-data email, nome, telefone, mensagem → stored for the agency; limited per IP. */
export const action = apiRoute(async ({ request }) => {
  allowMethods(request, ["POST"]);
  const { form } = await readForm(request);
  const answer = await handleContato(form, clientIp(request));
  if (answer.status === 200) return json({ ok: true, message: CONTATO_SUCCESS });
  if (answer.status === 400) return validationError(answer.reply);
  const headers: HeadersInit = answer.retryAfter ? { "Retry-After": String(answer.retryAfter) } : {};
  return jsonError(answer.status, answer.message, { headers });
});

export const loader = refuse(["POST"]);
