import { replaceBanner } from "~/models/listings/banner.server";
import { allowMethods, apiRoute, refuse } from "~/http/api.server";
import { actorOf, requireAdminApi } from "~/http/auth.server";
import { readForm } from "~/http/forms.server";
import { fieldError, json, refusedError } from "~/http/responses.server";
import { uploadFromDataUrl } from "~/http/uploads.server";
import { imgUrl } from "~/utils/img";

/** produto §7: multipart `banner` file → the new home banner (a data URL is taken too). */
export const action = apiRoute(async ({ request }) => {
  const actor = actorOf(request, await requireAdminApi(request));
  allowMethods(request, ["POST"]);
  const { form, uploads, refused } = await readForm(request, { fileFields: (n) => n === "banner", maxFiles: 1 });
  let upload = uploads[0];
  const raw = form.get("banner");
  if (!upload && typeof raw === "string" && raw.trim()) {
    const decoded = uploadFromDataUrl("banner", raw.trim());
    if (decoded && "refused" in decoded) refused.push(decoded.refused);
    else if (decoded) upload = decoded.upload;
  }
  if (refused.length) return refusedError("banner", refused);
  if (!upload) throw fieldError("banner", "Escolha a imagem do banner (campo banner).");
  const banner = await replaceBanner(actor, upload);
  return json({ ok: true, banner, url: imgUrl(banner), message: "Banner salvo com sucesso!" });
});

export const loader = refuse(["POST"], { admin: true });
