// Helpers of the *.s3.test.ts files (vitest project "s3"): the bucket as S3 itself lists it, read
// with a client of the test's own rather than through the app's store.
import { DeleteObjectsCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import type { S3Server } from "../support/s3";

/** The s3rver of this test file, started by s3-setup.ts. */
export const s3 = () => (globalThis as { __imobTestS3?: S3Server }).__imobTestS3!;

async function withClient<T>(fn: (client: S3Client, bucket: string) => Promise<T>) {
  const server = s3();
  const client = new S3Client({
    endpoint: server.endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });
  try {
    return await fn(client, server.bucket);
  } finally {
    client.destroy();
  }
}

/** Every key in the bucket with its size, as S3 lists it. */
export function bucketObjects(): Promise<Map<string, number>> {
  return withClient(async (client, Bucket) => {
    const res = await client.send(new ListObjectsV2Command({ Bucket }));
    return new Map((res.Contents ?? []).map((o) => [o.Key!, Number(o.Size)]));
  });
}

/** Removes every object, so a test sees only what it made. */
export async function emptyBucket() {
  const keys = [...(await bucketObjects()).keys()];
  if (keys.length) await withClient((client, Bucket) => client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys.map((Key) => ({ Key })) } })));
}

/** The five objects of a stored photo, spelled out here rather than taken from the app. */
export const objectsOf = (img: string) => {
  const key = img.replace(/\.jpg$/, "");
  return [`${key}.jpg`, `${key}-400.webp`, `${key}-800.webp`, `${key}-1200.webp`, `orig/${key}.jpg`];
};
