import { getPublicImovel } from "~/models/imovel.server";
import { apiRoute, json, jsonError, refuse } from "~/utils/api.server";
import { idParam } from "~/utils/params";

/** SPEC §7: an active property with its address fields and `imagens: [{ id, img, imovel_id }]`. */
export const loader = apiRoute(async ({ params }) => {
  const imovel = await getPublicImovel(idParam(params.id));
  if (!imovel) return jsonError(404, "Imóvel não encontrado.");
  return json({ ...imovel, imagens: imovel.imagens.map(({ id, img, imovel_id }) => ({ id, img, imovel_id })) });
});

export const action = refuse(["GET"]);
