import { allowMethods, apiRoute, refuse } from "~/http/api.server";
import { requireAdminApi } from "~/http/auth.server";
import { readForm } from "~/http/forms.server";
import { fieldError, json, refusedError } from "~/http/responses.server";
import { stagedToken } from "~/http/staged-upload.server";
import { storeImage, uploadBytes } from "~/services/images.server";

/**
 * One photo sent ahead of its form (issue 23): multipart `img` → stored (checked, turned upright,
 * metadata stripped, every variant made) and answered with a token the listing form posts as
 * `enviada`. A bad file is refused here, before the form is sent.
 */
export const action = apiRoute(async ({ request }) => {
  await requireAdminApi(request);
  allowMethods(request, ["POST"]);
  const { uploads, refused } = await readForm(request, { maxFiles: 1 });
  if (refused.length) return refusedError("img", refused);
  if (!uploads[0]) throw fieldError("img", "Envie uma imagem no campo img.");
  const { img, width, height } = await storeImage(await uploadBytes(uploads[0]));
  return json({ ok: true, img, width, height, token: stagedToken(img, width) }, { status: 201 });
});

export const loader = refuse(["POST"], { admin: true });
