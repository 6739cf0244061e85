import { buscarCep } from "~/services/cep.server";
import { allowMethods, apiRoute, refuse } from "~/http/api.server";
import { readForm } from "~/http/forms.server";
import { text } from "~/http/params.server";
import { fieldError, json, jsonError } from "~/http/responses.server";

/** produto §7: POST cep (hyphen removed or not) → ViaCEP's own fields. */
export const action = apiRoute(async ({ request }) => {
  allowMethods(request, ["POST"]);
  const { form } = await readForm(request);
  const found = await buscarCep(text(form, "cep"));
  if (!found.ok) {
    if (found.reason === "invalido") throw fieldError("cep", found.message);
    return jsonError(found.reason === "nao_encontrado" ? 404 : 503, found.message);
  }
  const e = found.endereco;
  return json({ logradouro: e.endereco, bairro: e.bairro, localidade: e.cidade, uf: e.estado, cep: e.cep });
});

export const loader = refuse(["POST"]);
