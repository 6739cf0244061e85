// Setup file of the vitest project "s3" (vitest.config.ts): each test file gets its own s3rver and
// bucket, and the app's photo store points at it (STORAGE=s3) before anything reads the settings.
import { afterAll } from "vitest";
import { closePhotoStore } from "~/services/storage/store.server";
import { startS3 } from "../support/s3";

const s3 = await startS3();
Object.assign(process.env, s3.env);
(globalThis as { __imobTestS3?: typeof s3 }).__imobTestS3 = s3;

afterAll(async () => {
  await closePhotoStore();
  await s3.stop();
});
