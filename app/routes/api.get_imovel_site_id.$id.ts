import { getPublicImovel } from "~/models/listings/imovel.server";
import { apiRoute, refuse } from "~/http/api.server";
import { idParam } from "~/http/params.server";
import { json, notFound } from "~/http/responses.server";

/** produto §7: an active listing with its address fields and `imagens: [{ id, img, imovel_id }]`. */
export const loader = apiRoute(async ({ params }) => {
  const imovel = await getPublicImovel(idParam(params.id));
  if (!imovel) return notFound("Imóvel não encontrado.");
  return json({ ...imovel, imagens: imovel.imagens.map(({ id, img, imovel_id }) => ({ id, img, imovel_id })) });
});

export const action = refuse(["GET"]);
