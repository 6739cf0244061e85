import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { imgDir } from "~/models/images.server";

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

function notFound() {
  return new Response("Imagem não encontrada", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

export async function loader({ params }: LoaderFunctionArgs) {
  const name = params.file ?? "";
  const ext = name.split(".").pop()?.toLowerCase() ?? "";
  // Only plain file names: no slashes, no "..", no hidden files.
  if (!SAFE_NAME.test(name) || name.includes("..") || !TYPES[ext]) return notFound();
  const file = path.join(imgDir(), name);
  let stat: fs.Stats;
  try {
    stat = await fs.promises.stat(file);
  } catch {
    return notFound();
  }
  if (!stat.isFile()) return notFound();
  const stream = Readable.toWeb(fs.createReadStream(file)) as ReadableStream;
  return new Response(stream, {
    headers: {
      "Content-Type": TYPES[ext],
      "Content-Length": String(stat.size),
      "Cache-Control": GENERATED.test(name) ? "public, max-age=31536000, immutable" : "public, max-age=3600",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
