import busboy from "busboy";
import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ImageUpload, Refused } from "~/services/images.server";
import { uploadTmpDir } from "~/services/upload-tmp.server";
import { limitLabel } from "~/utils/upload";
import { EMPTY_FILE, UploadError, displayName, holdUntilAnswered, tooLargeReason, unreadableForm, type UploadForm } from "./uploads.server";

// One large file in a form post (the import's feed, up to 200 MB), written to disk as it arrives.
// readUploadForm's parser (@remix-run/form-data-parser) holds each part whole in memory before its
// handler sees it: right for photos (a few MB each), not for a feed — a 150 MB upload raised the
// process's memory by 150 MB and more (tests/integration/import-upload.test.ts). busboy streams a
// part's bytes to its handler chunk by chunk, so the post holds about one chunk whatever its size.

type Options = { field: string; maxFileBytes: number };

/** Fields and form text a post of this kind may carry: the form has a handful. */
const LIMITS = { fields: 50, fieldSize: 64 * 1024, parts: 60, headerPairs: 100 };

/**
 * Reads a form post whose one file field `field` may be large: the file goes straight to a
 * temporary file (the same shape of answer as readUploadForm, released by releaseUploads). A file
 * over `maxFileBytes` is refused with its reason; a request far over it, or a broken body, throws an
 * UploadError (413, 400).
 */
export async function readLargeFileForm(request: Request, { field, maxFileBytes }: Options): Promise<UploadForm> {
  const tooBig = () => new UploadError(`Arquivo grande demais: o limite é ${limitLabel(maxFileBytes)}.`, 413);
  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > maxFileBytes + 1024 * 1024) throw tooBig();
  const type = request.headers.get("Content-Type") ?? "";
  const form = new FormData();
  if (!/^multipart\/form-data/i.test(type) || !request.body) {
    // An urlencoded post (no file chosen, JavaScript off in an old browser) is small: read as usual.
    if (request.body) for (const [k, v] of await request.formData()) form.append(k, v);
    return { form, uploads: [], refused: [] };
  }

  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: { "content-type": type }, limits: { ...LIMITS, files: 1, fileSize: maxFileBytes } });
  } catch {
    throw unreadableForm();
  }
  const uploads: ImageUpload[] = [];
  const refused: Refused[] = [];
  const writes: Promise<void>[] = [];
  let dir: string | null = null;
  const dispose = async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = null;
  };

  parser.on("field", (name, value) => form.append(name, value));
  parser.on("file", (name, stream, info) => {
    // An empty file input is a nameless, empty part; another file field is not ours: drained.
    if (name !== field || !info.filename) return void stream.resume();
    const shown = displayName(info.filename);
    // A body cut short errors the part before its write below has begun: that is reported by the
    // parser's own error (400), not as an unhandled stream error.
    stream.on("error", () => {});
    writes.push(
      (async () => {
        dir ??= await uploadTmpDir();
        const path = join(dir, "1");
        const out = createWriteStream(path);
        await pipeline(stream, out);
        // busboy stops a file at the limit and marks it truncated (the rest of the body is still read).
        if ((stream as unknown as { truncated?: boolean }).truncated) refused.push({ name: shown, reason: tooLargeReason(maxFileBytes) });
        else if (out.bytesWritten === 0) refused.push({ name: shown, reason: EMPTY_FILE });
        else uploads.push({ field: name, name: shown, path, index: 0 });
      })(),
    );
  });

  try {
    const body = Readable.fromWeb(request.body as import("node:stream/web").ReadableStream);
    await pipeline(body, parser);
    await Promise.all(writes);
  } catch (e) {
    await Promise.allSettled(writes);
    await dispose();
    if (e instanceof UploadError) throw e;
    throw unreadableForm();
  }
  holdUntilAnswered(request, dispose);
  return { form, uploads, refused };
}
