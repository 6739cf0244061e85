import type { LoaderFunctionArgs } from "react-router";
import { missingFile, storedFileResponse } from "~/http/files.server";

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,120}$/;
const MISSING = "Imagem não encontrada";

// A served photo from the store (or a redirect to the CDN in front of the bucket: IMG_PUBLIC_URL).
export async function loader({ params }: LoaderFunctionArgs) {
  const name = params.file ?? "";
  // Only plain file names: no slashes, no "..", no hidden files (so never orig/).
  if (!SAFE_NAME.test(name) || name.includes("..")) return missingFile(MISSING);
  return storedFileResponse(name, MISSING, { viaCdn: true });
}
