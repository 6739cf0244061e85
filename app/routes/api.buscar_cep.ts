import { lookupCep } from "~/services/cep.server";
import { allowMethods, apiRoute, refuse } from "~/http/api.server";
import { readForm } from "~/http/forms.server";
import { text } from "~/http/params.server";
import { clientIp } from "~/http/request.server";
import { fieldError, json, jsonError } from "~/http/responses.server";
import { secondsUntil } from "~/services/rate-limit.server";

/** produto §7: POST cep (hyphen removed or not) → ViaCEP's own fields; 30 look-ups a minute per IP. */
export const action = apiRoute(async ({ request }) => {
  allowMethods(request, ["POST"]);
  const { form } = await readForm(request);
  const found = await lookupCep(text(form, "cep"), clientIp(request));
  if (!found.ok) {
    if (found.reason === "invalido") throw fieldError("cep", found.message);
    if (found.reason === "limite") {
      return jsonError(429, found.message, { headers: { "Retry-After": String(secondsUntil(found.retryAt)) } });
    }
    return jsonError(found.reason === "nao_encontrado" ? 404 : 503, found.message);
  }
  const e = found.endereco;
  return json({ logradouro: e.endereco, bairro: e.bairro, localidade: e.cidade, uf: e.estado, cep: e.cep });
});

export const loader = refuse(["POST"]);
