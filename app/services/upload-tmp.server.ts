// Where a multipart post's file parts wait while the request is handled (http/uploads.server.ts).
// Each request removes its own; a process killed mid-request leaves its directory behind, and the
// daily maintenance removes those once they are an hour old.
import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

const PREFIX = "imob-upload-";
const STALE_MS = 3600_000;

/** A new private directory for one request's files. */
export function uploadTmpDir() {
  return mkdtemp(join(tmpdir(), PREFIX));
}

/** Removes upload directories older than an hour; returns how many went. */
export async function sweepUploadTmp(now = Date.now()) {
  let removed = 0;
  for (const name of await readdir(tmpdir()).catch(() => [] as string[])) {
    if (!name.startsWith(PREFIX)) continue;
    const path = join(tmpdir(), name);
    const info = await stat(path).catch(() => null);
    if (info && now - info.mtimeMs > STALE_MS) {
      await rm(path, { recursive: true, force: true });
      removed++;
    }
  }
  return removed;
}
