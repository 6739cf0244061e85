import path from "node:path";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { fileResponse } from "~/http/files.server";
import { imgDir } from "~/services/image-files.server";

const TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
};
// Generated names (random key) never change content, so they can be cached forever.
const GENERATED = /^[a-f0-9]{20}(-\d+)?\.(jpg|webp)$/;
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,120}$/;
const MISSING = "Imagem não encontrada";

export async function loader({ params }: LoaderFunctionArgs) {
  const name = params.file ?? "";
  const ext = name.split(".").pop()?.toLowerCase() ?? "";
  // Only plain file names: no slashes, no "..", no hidden files.
  if (!SAFE_NAME.test(name) || name.includes("..") || !TYPES[ext]) {
    return new Response(MISSING, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return fileResponse(
    path.join(imgDir(), name),
    { contentType: TYPES[ext], cacheControl: GENERATED.test(name) ? "public, max-age=31536000, immutable" : "public, max-age=3600" },
    MISSING,
  );
}
