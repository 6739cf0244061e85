// An S3-compatible server (s3rver) on 127.0.0.1, on a free port, over a temporary folder: the bucket
// of the S3 tests. Everything it stored goes with stop().
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
// @ts-expect-error s3rver ships no types; only its constructor, run() and close() are used here.
import S3rver from "s3rver";

export type S3Server = {
  endpoint: string;
  bucket: string;
  /** Where s3rver keeps the bucket's objects on disk. */
  dir: string;
  /** STORAGE=s3 settings that point the app at this bucket. */
  env: Record<string, string>;
  stop(): Promise<void>;
  /** Stops answering (connections refused) but keeps the data; start() serves it again. */
  pause(): Promise<void>;
  resume(): Promise<void>;
};

export async function startS3(bucket = "fotos-teste"): Promise<S3Server> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "imob-s3-"));
  const make = (port: number) =>
    new S3rver({ port, address: "127.0.0.1", directory: dir, silent: true, configureBuckets: [{ name: bucket }] });
  let server = make(0);
  const { port } = (await server.run()) as { port: number };
  let running = true;
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    dir,
    env: {
      STORAGE: "s3",
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
    },
    async pause() {
      if (running) await server.close();
      running = false;
    },
    async resume() {
      if (running) return;
      server = make(port);
      await server.run();
      running = true;
    },
    async stop() {
      if (running) await server.close();
      running = false;
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
