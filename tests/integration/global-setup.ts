import fs from "node:fs/promises";
import { createDatabaseIfMissing, dropDatabase, runMigrations } from "../../app/db/setup.server";
import { TEST_DATABASE_URL, TEST_IMG_DIR } from "../../vitest.config";
import { cloneDatabase } from "../support/clone-database";
import { WORKERS, workerDatabaseUrl, workerImgDir } from "./workers";

/** One migrated database, copied for each worker (a copy takes a fraction of a second, migrating ~2 s). */
export default async function setup() {
  const workers = Array.from({ length: WORKERS }, (_, i) => i + 1);
  await dropDatabase(TEST_DATABASE_URL);
  await createDatabaseIfMissing(TEST_DATABASE_URL);
  await runMigrations(TEST_DATABASE_URL);
  await fs.rm(TEST_IMG_DIR, { recursive: true, force: true });
  for (const id of workers) {
    await cloneDatabase(TEST_DATABASE_URL, workerDatabaseUrl(TEST_DATABASE_URL, id));
    await fs.mkdir(workerImgDir(TEST_IMG_DIR, id), { recursive: true });
  }
  return async () => {
    for (const id of workers) await dropDatabase(workerDatabaseUrl(TEST_DATABASE_URL, id));
    await dropDatabase(TEST_DATABASE_URL);
    await fs.rm(TEST_IMG_DIR, { recursive: true, force: true });
  };
}
