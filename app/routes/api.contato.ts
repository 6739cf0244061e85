import { allowMethods, apiRoute, refuse } from "~/http/api.server";
import { handleMensagem } from "~/http/mensagem.server";
import { readForm } from "~/http/forms.server";
import { clientIp } from "~/http/request.server";
import { json, jsonError, validationError } from "~/http/responses.server";
import { MENSAGEM_SENT } from "~/utils/mensagem-schema";

/** produto §7: form-data email, nome, telefone, mensagem → stored for the agency; limited per IP. */
export const action = apiRoute(async ({ request }) => {
  allowMethods(request, ["POST"]);
  const { form } = await readForm(request);
  const answer = await handleMensagem(form, clientIp(request));
  if (answer.status === 200) return json({ ok: true, message: MENSAGEM_SENT });
  if (answer.status === 400) return validationError(answer.reply);
  const headers: HeadersInit = answer.retryAfter ? { "Retry-After": String(answer.retryAfter) } : {};
  return jsonError(answer.status, answer.message, { headers });
});

export const loader = refuse(["POST"]);
