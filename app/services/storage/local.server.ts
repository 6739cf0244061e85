// Photo files on the local disk (IMG_DIR), today's layout: <key>.jpg, <key>-<w>.webp, orig/<key>.jpg.
import crypto from "node:crypto";
import { createReadStream, createWriteStream, type Dirent } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { Readable } from "node:stream";
import { storeOp, type PhotoStore, type PutOptions } from "./contract.server";

const missing = (e: unknown) => (e as NodeJS.ErrnoException)?.code === "ENOENT";

export function localStore(dir: string): PhotoStore {
  const root = path.resolve(dir);
  // Names come from the image code (generated keys), never from a visitor; still, stay inside root.
  const fileOf = (name: string) => {
    const file = path.resolve(root, name);
    if (!file.startsWith(root + path.sep)) throw new Error(`nome fora da pasta de imagens: ${name}`);
    return file;
  };
  return {
    kind: "local",
    put: (name: string, body: Buffer | Readable, _opts: PutOptions) =>
      storeOp("gravar", name, async () => {
        const file = fileOf(name);
        await fs.mkdir(path.dirname(file), { recursive: true });
        // Written beside, then renamed into place: a reader never sees a half-written file.
        const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}.tmp`;
        try {
          if (Buffer.isBuffer(body)) await fs.writeFile(tmp, body);
          else await pipeline(body, createWriteStream(tmp));
          await fs.rename(tmp, file);
        } catch (e) {
          await fs.rm(tmp, { force: true });
          throw e;
        }
      }),
    get: (name) =>
      storeOp("ler", name, async () => {
        const file = fileOf(name);
        try {
          const stat = await fs.stat(file);
          if (!stat.isFile()) return null;
          return { body: createReadStream(file), size: stat.size };
        } catch (e) {
          if (missing(e)) return null;
          throw e;
        }
      }),
    stat: (name) =>
      storeOp("consultar", name, async () => {
        try {
          const stat = await fs.stat(fileOf(name));
          return stat.isFile() ? { size: stat.size } : null;
        } catch (e) {
          if (missing(e)) return null;
          throw e;
        }
      }),
    delete: async (names) => {
      await Promise.all(names.map((n) => storeOp("apagar", n, () => fs.rm(fileOf(n), { force: true }))));
    },
    copy: (from, to) =>
      storeOp("copiar", from, async () => {
        await fs.mkdir(path.dirname(fileOf(to)), { recursive: true });
        // A hard link is free and safe: stored files are never changed in place, only replaced.
        await fs.link(fileOf(from), fileOf(to)).catch(() => fs.copyFile(fileOf(from), fileOf(to)));
      }),
    async *list() {
      for (const sub of ["", "orig"]) {
        let entries: Dirent[];
        try {
          entries = await fs.readdir(path.join(root, sub), { withFileTypes: true });
        } catch (e) {
          if (missing(e)) continue;
          throw e;
        }
        for (const e of entries) {
          if (!e.isFile()) continue;
          const name = sub ? `${sub}/${e.name}` : e.name;
          const stat = await fs.stat(fileOf(name)).catch(() => null);
          if (stat) yield { name, size: stat.size, modifiedAt: stat.mtime };
        }
      }
    },
    close: async () => {},
  };
}
