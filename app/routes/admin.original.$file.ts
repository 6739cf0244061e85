import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/http/auth.server";
import { fileResponse } from "~/http/files.server";
import { originalPath } from "~/services/image-files.server";
import { IMG_NAME } from "~/utils/img";

const MISSING = "Imagem original não encontrada";

// The kept original of an image, for the cropper: its crop box is in these pixels.
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const name = params.file ?? "";
  if (!IMG_NAME.test(name)) return new Response(MISSING, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  // A generated name never changes content; private because only admins may see it.
  return fileResponse(originalPath(name), { contentType: "image/jpeg", cacheControl: "private, max-age=31536000, immutable" }, MISSING);
}
