// `npm run storage:copy` as an admin would run it: a local IMG_DIR (with orig/) into the bucket.
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bucketObjects, emptyBucket, objectsOf, s3 } from "./bucket-support";
import { jpeg } from "./photo-support";

const run = promisify(execFile);
let dir: string;

/** Runs the script with STORAGE=s3 pointing at this file's bucket and IMG_DIR at `dir`. */
async function copy(...args: string[]) {
  const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", "scripts/storage-copy.ts", ...args], {
    env: { ...process.env, ...s3().env, IMG_DIR: dir },
    timeout: 60_000,
  });
  return stdout + stderr;
}

/** A photo's five files on disk, as the local store writes them; returns name → size. */
async function localPhoto(key: string, color: string) {
  const sizes = new Map<string, number>();
  for (const [i, name] of objectsOf(`${key}.jpg`).entries()) {
    const data = await jpeg(200 + i * 40, 150, color);
    await fs.mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await fs.writeFile(path.join(dir, name), data);
    sizes.set(name, data.length);
  }
  return sizes;
}

describe("npm run storage:copy", () => {
  beforeEach(async () => {
    await emptyBucket();
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "imob-copy-"));
  });
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  it("copies every photo file with orig/, skips what is there with the same size, keeps local files unless asked", async () => {
    const a = await localPhoto("aaaaaaaaaaaaaaaaaaaa", "#aa0000");
    const b = await localPhoto("bbbbbbbbbbbbbbbbbbbb", "#00aa00");
    await fs.writeFile(path.join(dir, "leia-me.txt"), "não é foto");
    await fs.writeFile(path.join(dir, "cccccccccccccccccccc.jpg.123.ab12cd34.tmp"), "meio escrito");
    const expected = new Map([...a, ...b]);

    expect(await copy()).toContain("copiados: 10, já no bucket: 0, ignorados: 2, falhas: 0, apagados localmente: 0");
    expect(await bucketObjects()).toEqual(expected);

    // Again: nothing to do.
    expect(await copy()).toContain("copiados: 0, já no bucket: 10, ignorados: 2, falhas: 0, apagados localmente: 0");

    // A local file that differs in size from the bucket's is copied again.
    const changed = await jpeg(640, 480, "#0000aa");
    await fs.writeFile(path.join(dir, "orig/aaaaaaaaaaaaaaaaaaaa.jpg"), changed);
    expect(await copy()).toContain("copiados: 1, já no bucket: 9,");
    expect((await bucketObjects()).get("orig/aaaaaaaaaaaaaaaaaaaa.jpg")).toBe(changed.length);
    expect((await fs.readdir(dir)).length).toBeGreaterThan(2);

    // --delete-local: the photo files go from the disk (the bucket holds them), the rest stays.
    expect(await copy("--delete-local")).toContain("copiados: 0, já no bucket: 10, ignorados: 2, falhas: 0, apagados localmente: 10");
    expect((await fs.readdir(dir)).sort()).toEqual(["cccccccccccccccccccc.jpg.123.ab12cd34.tmp", "leia-me.txt", "orig"]);
    expect(await fs.readdir(path.join(dir, "orig"))).toEqual([]);
    expect((await bucketObjects()).size).toBe(10);
  });

  it("refuses to run without a bucket configured, or with an unknown option, and says why", async () => {
    const noBucket = run(process.execPath, ["--import", "tsx", "scripts/storage-copy.ts"], { env: { ...process.env, STORAGE: "local", IMG_DIR: dir } });
    await expect(noBucket).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining("configure o destino: STORAGE=s3") });
    await expect(copy("--apagar")).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining("opção desconhecida: --apagar") });
  });

  it("counts a failure and exits 1 when the bucket does not answer, deleting nothing", async () => {
    await localPhoto("dddddddddddddddddddd", "#777777");
    await s3().pause();
    try {
      await expect(copy("--delete-local")).rejects.toMatchObject({ code: 1, stdout: expect.stringContaining("falhas: 5, apagados localmente: 0") });
    } finally {
      await s3().resume();
    }
    expect((await fs.readdir(path.join(dir, "orig"))).length).toBe(1);
  });
});
