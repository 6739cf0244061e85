import { replaceBanner } from "~/models/foto.server";
import { requireAdminApi } from "~/models/session.server";
import { uploadFromDataUrl } from "~/models/upload.server";
import { apiRoute, allowMethods, fieldError, json, readForm, refuse, refusedError } from "~/utils/api.server";
import { imgUrl } from "~/utils/img";

/** SPEC §7: multipart `banner` file → the new home banner (a data URL is taken too). */
export const action = apiRoute(async ({ request }) => {
  await requireAdminApi(request);
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
  const banner = await replaceBanner(upload);
  return json({ ok: true, banner, url: imgUrl(banner), message: "Banner salvo com sucesso!" });
});

export const loader = refuse(["POST"], { admin: true });
