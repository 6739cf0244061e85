// npm run db:seed            → demo data (only into an empty database)
// npm run db:seed -- --bulk N → adds N listings for load tests
import { closeDb } from "~/db/client.server";
import { closePhotoStore } from "~/services/storage/store.server";
import { isDatabaseEmpty, seed, seedBulk } from "~/seed/seed.server";
import { createDatabaseIfMissing, runMigrations } from "~/db/setup.server";
import { getEnv } from "~/env.server";

const args = process.argv.slice(2);
const bulkAt = args.indexOf("--bulk");
try {
  const { DATABASE_URL } = getEnv();
  await createDatabaseIfMissing(DATABASE_URL);
  await runMigrations(DATABASE_URL);
  if (bulkAt >= 0) {
    const n = Number(args[bulkAt + 1]);
    if (!Number.isInteger(n) || n < 1) throw new Error("uso: npm run db:seed -- --bulk <quantidade>");
    await seedBulk(n);
  } else if (await isDatabaseEmpty()) {
    await seed();
  } else {
    console.log("O banco já tem dados; nada foi semeado.");
  }
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
} finally {
  await Promise.all([closeDb(), closePhotoStore()]);
}
