import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { imgDir } from "~/models/images.server";
import { requireAdmin } from "~/models/session.server";
import { IMG_NAME } from "~/utils/img";

// The kept original of an image, for the cropper: its crop box is in these pixels.
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const name = params.file ?? "";
  const notFound = () =>
    new Response("Imagem original não encontrada", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  if (!IMG_NAME.test(name)) return notFound();
  const file = path.join(imgDir(), "orig", name);
  let stat: fs.Stats;
  try {
    stat = await fs.promises.stat(file);
  } catch {
    return notFound();
  }
  if (!stat.isFile()) return notFound();
  return new Response(Readable.toWeb(fs.createReadStream(file)) as ReadableStream, {
    headers: {
      "Content-Type": "image/jpeg",
      "Content-Length": String(stat.size),
      // A generated name never changes content; private because only admins may see it.
      "Cache-Control": "private, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
