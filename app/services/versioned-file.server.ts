// A generated file kept on disk for one content version (issue 23: the portals' feed). Whoever asks
// first writes it, chunk by chunk, to a temporary name and renames it into place; whoever asks
// meanwhile waits for that one write; the previous version's file goes. Memory holds one chunk at a
// time, whatever the file's size. Each process keeps its own folder (os.tmpdir()).
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { once } from "node:events";

export type VersionedFile = { path: string; etag: string; size: number };

let folder: string | undefined;
const files = new Map<string, { version: number; file: Promise<VersionedFile> }>();

async function write(target: string, chunks: AsyncIterable<string>): Promise<VersionedFile> {
  const tmp = `${target}.${process.pid}.tmp`;
  const out = fs.createWriteStream(tmp);
  const hash = crypto.createHash("sha256");
  let size = 0;
  try {
    for await (const chunk of chunks) {
      const buf = Buffer.from(chunk, "utf8");
      hash.update(buf);
      size += buf.length;
      if (!out.write(buf)) await once(out, "drain");
    }
    out.end();
    await once(out, "finish");
  } catch (e) {
    out.destroy();
    await fs.promises.rm(tmp, { force: true });
    throw e;
  }
  await fs.promises.rename(tmp, target);
  return { path: target, etag: `"${hash.digest("base64url").slice(0, 27)}"`, size };
}

/** The file `name` as `generate` writes it for `version`: written once per version and process. */
export function versionedFile(name: string, version: number, generate: () => AsyncIterable<string>): Promise<VersionedFile> {
  const known = files.get(name);
  if (known && known.version === version) return known.file;
  folder ??= fs.mkdtempSync(path.join(os.tmpdir(), "imob-files-"));
  const target = path.join(folder, `${name}.v${version}`);
  const file = write(target, generate());
  files.set(name, { version, file });
  // A failed write is forgotten (the next request tries again); a good one replaces the old file.
  file.then(
    () => (known ? known.file.then((old) => fs.promises.rm(old.path, { force: true })).catch(() => {}) : undefined),
    () => {
      if (files.get(name)?.file === file) files.delete(name);
    },
  );
  return file;
}
