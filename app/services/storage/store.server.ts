// Which photo store this process uses, chosen once from the configuration (STORAGE).
import { getEnv, type Env } from "../../env.server";
import { processSlot } from "../../process-state.server";
import type { PhotoStore } from "./contract.server";
import { localStore } from "./local.server";
import { s3Store } from "./s3.server";

type Holder = { store?: PhotoStore };
// Like the database pool: one store (and one S3 connection pool) per process, across dev reloads.
const holder: Holder = processSlot("photoStore", (): Holder => ({}));

/** The store described by `env`: a bucket when STORAGE=s3, else the folder IMG_DIR. */
export function storeFromEnv(env: Env): PhotoStore {
  if (env.STORAGE !== "s3") return localStore(env.IMG_DIR);
  return s3Store({
    bucket: env.S3_BUCKET!,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
  });
}

export function getPhotoStore(): PhotoStore {
  holder.store ??= storeFromEnv(getEnv());
  return holder.store;
}

export async function closePhotoStore() {
  const store = holder.store;
  holder.store = undefined;
  await store?.close();
}
