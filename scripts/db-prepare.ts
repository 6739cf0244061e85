// Creates the database if missing, applies pending migrations and fills an empty database: the
// demo data in development (or with SEED_DEMO=1), only the first administrator in production.
import { closeDb } from "~/db/client.server";
import { closePhotoStore } from "~/services/storage/store.server";
import { isDatabaseEmpty, seed, seedAdmin, wantsDemo } from "~/seed/seed.server";
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
    if (wantsDemo()) {
      log("banco vazio: populando com dados de demonstração …");
      await seed(log);
    } else {
      log("banco vazio: criando o administrador; nenhum imóvel de demonstração (SEED_DEMO=1 para tê-los).");
      await seedAdmin(log);
    }
  }
} catch (e) {
  console.error(`[db] ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 1;
} finally {
  await Promise.all([closeDb(), closePhotoStore()]);
}
