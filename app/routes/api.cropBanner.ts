import { cropBanner } from "~/models/listings/banner.server";
import { allowMethods, apiRoute, refuse } from "~/http/api.server";
import { actorOf, requireAdminApi } from "~/http/auth.server";
import { readApiCrop } from "~/http/crop-form.server";
import { json } from "~/http/responses.server";
import { imgUrl } from "~/utils/img";

/** produto §7: multipart img, imgOriginal, id → the home banner, 1200×500 (always the current one). */
export const action = apiRoute(async ({ request }) => {
  const actor = actorOf(request, await requireAdminApi(request));
  allowMethods(request, ["POST"]);
  const { crop, upload } = await readApiCrop(request);
  const banner = await cropBanner(actor, crop, { upload });
  return json({ ok: true, banner, url: imgUrl(banner), message: "Banner salvo com sucesso!" });
});

export const loader = refuse(["POST"], { admin: true });
