// Creates the database if missing, applies pending migrations and seeds an empty database.
import { closeDb } from "~/db/client.server";
import { closePhotoStore } from "~/services/storage/store.server";
import { isDatabaseEmpty, seed } from "~/seed/seed.server";
import { createDatabaseIfMissing, runMigrations } from "~/db/setup.server";
import { getEnv } from "~/env.server";

const log = (s: string) => console.log(`[db] ${s}`);
try {
  const { DATABASE_URL } = getEnv();
  const { created } = await createDatabaseIfMissing(DATABASE_URL);
  if (created) log("banco de dados criado.");
  const applied = await runMigrations(DATABASE_URL);
  log(applied > 0 ? `${applied} migração(ões) aplicada(s).` : "migrações em dia.");
  if (await isDatabaseEmpty()) {
    log("banco vazio: populando com dados de demonstração …");
    await seed(log);
  }
} catch (e) {
  console.error(`[db] ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 1;
} finally {
  await Promise.all([closeDb(), closePhotoStore()]);
}
