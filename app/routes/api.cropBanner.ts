import { cropBanner } from "~/models/foto.server";
import { requireAdminApi } from "~/models/session.server";
import { readApiCrop } from "~/utils/api-crop.server";
import { apiRoute, allowMethods, json, refuse } from "~/utils/api.server";
import { imgUrl } from "~/utils/img";

/** SPEC §7: multipart img, imgOriginal, id → the home banner, 1200×500 (always the current one). */
export const action = apiRoute(async ({ request }) => {
  await requireAdminApi(request);
  allowMethods(request, ["POST"]);
  const { crop, upload } = await readApiCrop(request);
  const banner = await cropBanner(crop, { upload });
  return json({ ok: true, banner, url: imgUrl(banner), message: "Banner salvo com sucesso!" });
});

export const loader = refuse(["POST"], { admin: true });
