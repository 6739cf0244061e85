// The manifest of an archive (manifest.json at its root): what it holds and how to check it. Read
// back through a zod schema: an archive is a file from outside, and a bad one gets a clear refusal.
import crypto from "node:crypto";
import { spawnSync } from "node:child_process";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { DomainError } from "../errors";

export const MANIFEST_FORMAT = 1;

const tableSchema = z.object({
  name: z.string().regex(/^[A-Za-z0-9_]+$/),
  columns: z.array(z.string().regex(/^[A-Za-z0-9_]+$/)).min(1),
  key: z.array(z.string()),
  rows: z.number().int().min(0),
  bytes: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  autoIncrement: z.number().int().nullable(),
});
const fileSchema = z.object({
  // A stored photo's name: "<key>.jpg", "orig/<key>.jpg"; never absolute, never "..".
  name: z.string().regex(/^(?!.*\.\.)[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$/),
  bytes: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export const manifestSchema = z.object({
  formato: z.literal(MANIFEST_FORMAT),
  criado_em: z.string(),
  app: z.object({ versao: z.string(), commit: z.string().nullable() }),
  migracoes: z.object({ applied: z.number().int().min(0), last: z.string().nullable(), lastAt: z.number().nullable() }),
  tabelas: z.array(tableSchema),
  fotos: z.array(fileSchema),
  // Files listed by the store but gone before they were copied (deleted during the backup).
  fotos_sumidas: z.array(z.string()),
});
export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestFile = z.infer<typeof fileSchema>;

/** The code's version: package.json's, and the git commit when the checkout has one. */
export async function appVersion(root = process.cwd()): Promise<Manifest["app"]> {
  const pkg = JSON.parse(await fs.readFile(path.join(root, "package.json"), "utf8").catch(() => "{}")) as { version?: string };
  const git = spawnSync("git", ["rev-parse", "HEAD"], { cwd: root, encoding: "utf8", timeout: 5000 });
  const commit = git.status === 0 ? git.stdout.trim() : null;
  return { versao: pkg.version ?? "0.0.0", commit };
}

/** A file's size and sha256, streamed. */
export async function hashFile(file: string) {
  const hash = crypto.createHash("sha256");
  let bytes = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { bytes, sha256: hash.digest("hex") };
}

export async function readManifest(dir: string): Promise<Manifest> {
  const text = await fs.readFile(path.join(dir, "manifest.json"), "utf8").catch(() => null);
  if (text === null) throw new DomainError("invalid", "arquivo de backup sem manifest.json: não é um backup deste sistema");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new DomainError("invalid", "manifest.json ilegível (JSON inválido)");
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const i = parsed.error.issues[0];
    throw new DomainError("invalid", `manifest.json inválido: ${i.path.join(".")}: ${i.message}`);
  }
  return parsed.data;
}

/** Checks every file the manifest lists against its size and hash; throws naming the first bad one. */
export async function verifyArchiveFiles(dir: string, manifest: Manifest) {
  const expected = [
    ...manifest.tabelas.map((t) => ({ file: path.join(dir, "db", `${t.name}.ndjson`), bytes: t.bytes, sha256: t.sha256, what: `tabela ${t.name}` })),
    ...manifest.fotos.map((f) => ({ file: path.join(dir, "img", f.name), bytes: f.bytes, sha256: f.sha256, what: `foto ${f.name}` })),
  ];
  for (const e of expected) {
    const got = await hashFile(e.file).catch(() => null);
    if (!got) throw new DomainError("invalid", `arquivo de backup incompleto: falta ${e.what}`);
    if (got.bytes !== e.bytes || got.sha256 !== e.sha256) throw new DomainError("invalid", `arquivo de backup corrompido: ${e.what} não confere com o manifest (sha256)`);
  }
  return expected.length;
}
