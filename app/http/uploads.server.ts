import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxHeaderSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseFormData,
  type FileUpload,
} from "@remix-run/form-data-parser";
import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { getEnv } from "~/env.server";
import type { ImageUpload, Refused } from "~/services/images.server";
import { uploadTmpDir } from "~/services/upload-tmp.server";
import { limitLabel } from "~/utils/upload";

// Streams multipart bodies under limits (per file, count, total) and decodes data-URL images.
// The parser holds one part in memory; each file part is then written to a temporary file and read
// back one at a time, so a post of twenty 5 MB phone photos holds about one photo in memory, not a
// hundred megabytes (issue 23). One large file (the import's feed, issue 32) is read by
// large-upload.server.ts instead, which does not hold a part whole.

export class UploadError extends Error {
  status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = "UploadError";
    this.status = status;
  }
}

export const MAX_FILES = 20;
/** Twenty ~5 MB phone photos in one post, plus room; server/router.ts and deploy/nginx.conf follow it. */
export const MAX_TOTAL_BYTES = 120 * 1024 * 1024;

/** `img`, `img[]`, `img[0]`, `img[1]`… */
export const IMAGE_FIELD = /^img(\[\d*\])?$/;

/** A file name fit for a message: no client path, no control characters, not too long. */
export function displayName(raw: string) {
  const base = raw.split(/[\\/]/).pop() ?? "";
  const clean = base.replace(/\p{Cc}/gu, "").trim(); // control characters (C0, DEL, C1)
  if (!clean) return "arquivo sem nome";
  return clean.length > 80 ? `${clean.slice(0, 77)}…` : clean;
}

export const EMPTY_FILE = "arquivo vazio";
export const tooLargeReason = (maxFileBytes: number) => `maior que o limite de ${limitLabel(maxFileBytes)}`;
/** A multipart body that cannot be read (cut short, no boundary, malformed): the sender's fault. */
export const unreadableForm = () => new UploadError("Formulário inválido: não foi possível ler os dados enviados.", 400);

type Options = {
  fileFields?: (name: string) => boolean;
  maxFiles?: number;
  maxFileBytes?: number;
  maxTotalBytes?: number;
};

export type UploadForm = {
  form: FormData;
  uploads: ImageUpload[];
  refused: Refused[];
};

/**
 * Reads a form post, streaming multipart bodies with limits. A file over the per-file limit is
 * refused on its own (the rest of the form still counts); too many files or too large a request
 * throws an UploadError (413). The files last until releaseUploads(request).
 */
export async function readUploadForm(request: Request, opts: Options = {}): Promise<UploadForm> {
  const isFileField = opts.fileFields ?? ((n: string) => IMAGE_FIELD.test(n));
  const maxFiles = opts.maxFiles ?? MAX_FILES;
  const maxFileBytes = opts.maxFileBytes ?? getEnv().MAX_UPLOAD_BYTES;
  const maxTotal = opts.maxTotalBytes ?? MAX_TOTAL_BYTES;
  const tooBig = () =>
    new UploadError(
      `Envio grande demais: o total passa de ${Math.round(maxTotal / (1024 * 1024))} MB. Envie menos imagens por vez.`,
      413,
    );
  const tooMany = () =>
    new UploadError(`Arquivos demais: envie no máximo ${maxFiles} imagens por vez.`, 413);

  // Multipart framing adds a little per part; anything far beyond the limit is refused unread.
  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > maxTotal + 1024 * 1024) throw tooBig();

  const uploads: ImageUpload[] = [];
  const refused: Refused[] = [];
  let files = 0;
  let overCount = false;
  let dir: string | null = null;
  const dispose = async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = null;
  };

  const handler = async (file: FileUpload) => {
    // An empty file input is sent as a nameless, zero-byte part (the parser names it "file-upload").
    if (file.size === 0 && (!file.name || file.name === "file-upload")) return null;
    if (!isFileField(file.fieldName)) return null;
    // Past the limit, keep reading (and dropping) so the browser gets our answer, not a reset.
    if (++files > maxFiles) {
      overCount = true;
      return null;
    }
    const name = displayName(file.name);
    if (file.size > maxFileBytes) {
      refused.push({ name, reason: tooLargeReason(maxFileBytes) });
      return null;
    }
    if (file.size === 0) {
      refused.push({ name, reason: EMPTY_FILE });
      return null;
    }
    dir ??= await uploadTmpDir();
    const path = join(dir, String(files));
    await pipeline(Readable.fromWeb(file.stream() as import("node:stream/web").ReadableStream), createWriteStream(path));
    uploads.push({ field: file.fieldName, name, path, index: files - 1 });
    return null;
  };

  let form: FormData;
  try {
    form = await parseFormData(
      request,
      {
        // Our own count (above) skips empty inputs; this only bounds the parts we look at.
        maxFiles: 1000,
        maxParts: 1000,
        // The parser holds a part in memory until the handler has written it out: bound each part
        // (a file up to twice the per-file limit is still read, to be refused on its own).
        maxFileSize: Math.min(maxTotal, 2 * maxFileBytes + 1024 * 1024),
        maxTotalSize: maxTotal,
      },
      handler,
    );
  } catch (e) {
    await dispose();
    if (e instanceof UploadError) throw e;
    if (e instanceof MaxFileSizeExceededError) {
      throw new UploadError(`Arquivo grande demais: cada imagem pode ter até ${limitLabel(maxFileBytes)}.`, 413);
    }
    if (e instanceof MaxTotalSizeExceededError) throw tooBig();
    if (e instanceof MaxPartsExceededError || e instanceof MaxHeaderSizeExceededError) {
      throw new UploadError("Formulário com campos demais.", 413);
    }
    if (e instanceof FormDataParseError || e instanceof MultipartParseError || e instanceof TypeError) {
      throw unreadableForm();
    }
    throw e;
  }
  if (overCount) {
    await dispose();
    throw tooMany();
  }
  holdUntilAnswered(request, dispose);
  return { form, uploads, refused };
}

/** The temporary files each request still holds, removed by releaseUploads when it is answered. */
const heldFiles = new WeakMap<Request, (() => Promise<void>)[]>();

/** Keeps what `dispose` removes until releaseUploads(request). */
export function holdUntilAnswered(request: Request, dispose: () => Promise<void>) {
  heldFiles.set(request, [...(heldFiles.get(request) ?? []), dispose]);
}

/** Removes what readUploadForm wrote for `request` (apiRoute calls it once the answer is made). */
export async function releaseUploads(request: Request) {
  const held = heldFiles.get(request);
  heldFiles.delete(request);
  if (held) await Promise.all(held.map((d) => d()));
}

// ---- Images sent as data URLs (the /api crop calls send the cropped canvas that way) ----------

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)?((?:;[\w.+-]+=[^;,]*)*);base64,/i;

/**
 * Decodes a `data:…;base64,` value sent in place of a file, under the same per-file limits as a
 * file part (the size is checked before decoding). null when the value is not a base64 data URL.
 */
export function uploadFromDataUrl(
  field: string,
  value: string,
  maxFileBytes = getEnv().MAX_UPLOAD_BYTES,
): { upload: ImageUpload } | { refused: Refused } | null {
  const head = DATA_URL.exec(value.slice(0, 200));
  if (!head) return null;
  const b64 = value.slice(head[0].length).replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(b64)) return null;
  if (Math.floor((b64.length * 3) / 4) - 2 > maxFileBytes) return { refused: { name: field, reason: tooLargeReason(maxFileBytes) } };
  const buffer = Buffer.from(b64, "base64");
  if (buffer.length > maxFileBytes) return { refused: { name: field, reason: tooLargeReason(maxFileBytes) } };
  if (buffer.length === 0) return { refused: { name: field, reason: EMPTY_FILE } };
  return { upload: { field, name: field, buffer, index: 0 } };
}
