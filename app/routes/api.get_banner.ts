import { getBanner } from "~/models/listings/banner.server";
import { apiRoute, refuse } from "~/http/api.server";
import { json } from "~/http/responses.server";
import { imgUrl } from "~/utils/img";

/** produto §7: the home banner, as a list of at most one. */
export const loader = apiRoute(async () => {
  const row = await getBanner();
  return json({ data: row ? [{ ...row, url: imgUrl(row.banner) }] : [] });
});

export const action = refuse(["GET"]);
