// Streaming a file from disk as a response (the two image routes).
import { createReadStream, type Stats } from "node:fs";
import fs from "node:fs/promises";
import { Readable } from "node:stream";

/** Streams a file, or answers 404 with `missing` when there is none. */
export async function fileResponse(file: string, headers: { contentType: string; cacheControl: string }, missing: string) {
  const notFound = () => new Response(missing, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  let stat: Stats;
  try {
    stat = await fs.stat(file);
  } catch {
    return notFound();
  }
  if (!stat.isFile()) return notFound();
  return new Response(Readable.toWeb(createReadStream(file)) as ReadableStream, {
    headers: {
      "Content-Type": headers.contentType,
      "Content-Length": String(stat.size),
      "Cache-Control": headers.cacheControl,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
