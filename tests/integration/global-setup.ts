import fs from "node:fs/promises";
import { createDatabaseIfMissing, dropDatabase, runMigrations } from "../../app/db/setup.server";
import { TEST_DATABASE_URL, TEST_IMG_DIR } from "../../vitest.config";

export default async function setup() {
  await dropDatabase(TEST_DATABASE_URL);
  await createDatabaseIfMissing(TEST_DATABASE_URL);
  await runMigrations(TEST_DATABASE_URL);
  await fs.rm(TEST_IMG_DIR, { recursive: true, force: true });
  await fs.mkdir(TEST_IMG_DIR, { recursive: true });
  return async () => {
    await dropDatabase(TEST_DATABASE_URL);
    await fs.rm(TEST_IMG_DIR, { recursive: true, force: true });
  };
}
