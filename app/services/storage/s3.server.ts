// Photo files in an S3-compatible bucket (AWS S3, R2, versitygw, s3rver in the tests): same names as on
// disk, so `npm run storage:copy` can move a local IMG_DIR there as it is.
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import type { Readable } from "node:stream";
import { StorageError, storeOp, type PhotoStore } from "./contract.server";

export type S3Config = {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  /** Without these the SDK's default chain applies (environment, instance role, ~/.aws). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

const notFound = (e: unknown) => {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return err?.name === "NoSuchKey" || err?.name === "NotFound" || (err?.$metadata?.httpStatusCode === 404 && err?.name !== "NoSuchBucket");
};

export function s3Store(config: S3Config): PhotoStore {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Checksums only where S3 requires them: self-hosted servers do not all know the newer ones.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 2,
    // A store that does not answer must fail an upload within seconds, not hang the admin's request.
    requestHandler: { connectionTimeout: 3000, requestTimeout: 20_000 },
  });
  const Bucket = config.bucket;
  return {
    kind: "s3",
    put: (name, body, opts) =>
      storeOp("gravar", name, async () => {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: name,
            Body: body,
            ContentLength: opts.size,
            ContentType: opts.contentType,
            CacheControl: opts.cacheControl,
          }),
        );
      }),
    get: (name) =>
      storeOp("ler", name, async () => {
        try {
          const res = await client.send(new GetObjectCommand({ Bucket, Key: name }));
          return { body: res.Body as Readable, size: Number(res.ContentLength ?? 0) };
        } catch (e) {
          if (notFound(e)) return null;
          throw e;
        }
      }),
    stat: (name) =>
      storeOp("consultar", name, async () => {
        try {
          const res = await client.send(new HeadObjectCommand({ Bucket, Key: name }));
          return { size: Number(res.ContentLength ?? 0) };
        } catch (e) {
          if (notFound(e)) return null;
          throw e;
        }
      }),
    delete: async (names) => {
      if (names.length === 0) return;
      // One request for a whole image (up to 1000 keys); missing keys count as deleted.
      const batch = await client
        .send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: names.map((Key) => ({ Key })), Quiet: true } }))
        .catch(() => null);
      if (batch && !batch.Errors?.length) return;
      // The batch failed (or some keys did): one by one, so one bad key does not keep the others.
      const retry = batch ? batch.Errors!.map((e) => e.Key!) : names;
      const results = await Promise.allSettled(retry.map((Key) => client.send(new DeleteObjectCommand({ Bucket, Key }))));
      const i = results.findIndex((r) => r.status === "rejected");
      if (i >= 0) throw new StorageError("apagar", retry[i], (results[i] as PromiseRejectedResult).reason);
    },
    copy: (from, to) =>
      storeOp("copiar", from, async () => {
        await client.send(new CopyObjectCommand({ Bucket, Key: to, CopySource: `${Bucket}/${encodeURIComponent(from).replace(/%2F/g, "/")}` }));
      }),
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await storeOp("listar", Bucket, () => client.send(new ListObjectsV2Command({ Bucket, ContinuationToken })));
        for (const o of page.Contents ?? []) {
          if (o.Key) yield { name: o.Key, size: Number(o.Size ?? 0), modifiedAt: o.LastModified ?? new Date(0) };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    close: async () => client.destroy(),
  };
}
