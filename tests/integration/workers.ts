// vitest runs test files WORKERS at a time (vitest.config.ts); each worker has a database and an
// image folder of its own, copies of one migrated database made by global-setup.ts, so files that
// empty and fill tables never meet. A worker knows its number from VITEST_POOL_ID (1…WORKERS).
import path from "node:path";

// TEST_WORKERS picks another count. Two is the cores' worth: with four, the whole run took as long
// (361 s against 356) with both cores 96 % busy (issue 30 §7).
export const WORKERS = Number(process.env.TEST_WORKERS ?? 2);

/** `imobiliaria_vitest_w1`…: the database of worker `id`, next to the base one. */
export const workerDatabaseUrl = (base: string, id: string | number) => {
  const u = new URL(base);
  u.pathname += `_w${id}`;
  return u.toString();
};

export const workerImgDir = (base: string, id: string | number) => path.join(base, `w${id}`);
