import type { LoaderFunctionArgs } from "react-router";
import { requireAdmin } from "~/http/auth.server";
import { missingFile, storedFileResponse } from "~/http/files.server";
import { originalName } from "~/services/image-files.server";
import { IMG_NAME } from "~/utils/img";

const MISSING = "Imagem original não encontrada";

// The kept original of an image, for the cropper: its crop box is in these pixels. Always streamed
// by the app (never the CDN): originals are for admins only, cached privately.
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const name = params.file ?? "";
  if (!IMG_NAME.test(name)) return missingFile(MISSING);
  return storedFileResponse(originalName(name), MISSING);
}
