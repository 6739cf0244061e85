import { createDatabaseIfMissing, runMigrations } from "~/db/setup.server";
import { getEnv } from "~/env.server";

const { DATABASE_URL } = getEnv();
await createDatabaseIfMissing(DATABASE_URL);
const n = await runMigrations(DATABASE_URL);
console.log(n > 0 ? `${n} migração(ões) aplicada(s).` : "Migrações em dia.");
