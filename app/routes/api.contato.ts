import { parseWithZod } from "@conform-to/zod";
import { hitContatoLimit, saveMensagem } from "~/models/mensagem.server";
import { clientIp, formatRetry } from "~/models/rate-limit.server";
import { apiRoute, allowMethods, json, jsonError, readForm, refuse, text, validationError } from "~/utils/api.server";
import { CONTATO_SUCCESS, HONEYPOT_FIELD, contatoSchema } from "~/utils/contato-schema";

/** SPEC §7: form-data email, nome, telefone, mensagem → stored for the agency; limited per IP. */
export const action = apiRoute(async ({ request }) => {
  allowMethods(request, ["POST"]);
  const { form } = await readForm(request);
  // A bot that filled the honeypot gets the same answer as a person, so it learns nothing.
  if (text(form, HONEYPOT_FIELD).trim() !== "") return json({ ok: true, message: CONTATO_SUCCESS });
  const submission = parseWithZod(form, { schema: contatoSchema });
  if (submission.status !== "success") return validationError(submission.reply());
  const ip = clientIp(request);
  const limit = await hitContatoLimit(ip);
  if (!limit.allowed) {
    const wait = Math.max(1, Math.ceil((limit.retryAt.getTime() - Date.now()) / 1000));
    return jsonError(429, `Você já enviou várias mensagens em pouco tempo. Aguarde ${formatRetry(limit.retryAt)} e tente de novo.`, {
      headers: { "Retry-After": String(wait) },
    });
  }
  const { email, nome, telefone, mensagem, imovel_id } = submission.value;
  await saveMensagem({ email, nome, telefone, mensagem, imovel_id, ip });
  return json({ ok: true, message: CONTATO_SUCCESS });
});

export const loader = refuse(["POST"]);
