// Answering with a stored photo file (the two image routes): streamed from the photo store with
// its type, size and caching, or, when a CDN serves the bucket, a redirect to it.
import { Readable } from "node:stream";
import { getEnv } from "~/env.server";
import { servingOf } from "~/services/image-files.server";
import { StorageError } from "~/services/storage/contract.server";
import { getPhotoStore } from "~/services/storage/store.server";
import { logFor } from "~/log.server";

const log = logFor("photos");

const text = (status: number, body: string, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff", ...headers } });

/** The 404 of the image routes, in Portuguese. */
export const missingFile = (message: string) => text(404, message);

/**
 * Streams the stored object `name`, or answers 404 with `missing` when there is none. With
 * `viaCdn` and IMG_PUBLIC_URL set, redirects there instead (same caching as the file itself).
 */
export async function storedFileResponse(name: string, missing: string, opts: { viaCdn?: boolean } = {}) {
  const serving = servingOf(name);
  if (!serving) return missingFile(missing);
  const cdn = getEnv().IMG_PUBLIC_URL;
  if (opts.viaCdn && cdn) {
    return new Response(null, { status: 302, headers: { Location: `${cdn.replace(/\/+$/, "")}/${name}`, "Cache-Control": serving.cacheControl } });
  }
  let file;
  try {
    file = await getPhotoStore().get(name);
  } catch (e) {
    if (!(e instanceof StorageError)) throw e;
    log.error(e.message);
    return text(503, "Imagem indisponível no momento; tente de novo em instantes.", { "Cache-Control": "no-store", "Retry-After": "30" });
  }
  if (!file) return missingFile(missing);
  return new Response(Readable.toWeb(file.body) as ReadableStream, {
    headers: {
      "Content-Type": serving.contentType,
      "Content-Length": String(file.size),
      "Cache-Control": serving.cacheControl,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
