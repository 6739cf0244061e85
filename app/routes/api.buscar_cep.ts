import { buscarCep } from "~/models/cep.server";
import { apiRoute, allowMethods, fieldError, json, jsonError, readForm, refuse, text } from "~/utils/api.server";

/** SPEC §7: POST cep (hyphen removed or not) → ViaCEP's own fields. */
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
