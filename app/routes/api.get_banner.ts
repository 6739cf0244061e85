import { getBanner } from "~/models/banner.server";
import { apiRoute, json, refuse } from "~/utils/api.server";
import { imgUrl } from "~/utils/img";

/** SPEC §7: the home banner, as a list of at most one. */
export const loader = apiRoute(async () => {
  const row = await getBanner();
  return json({ data: row ? [{ ...row, url: imgUrl(row.banner) }] : [] });
});

export const action = refuse(["GET"]);
