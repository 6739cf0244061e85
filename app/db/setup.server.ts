import path from "node:path";
import { fileURLToPath } from "node:url";
import { drizzle } from "drizzle-orm/mysql2";
import { migrate } from "drizzle-orm/mysql2/migrator";
import mysql from "mysql2/promise";

const here = path.dirname(fileURLToPath(import.meta.url));
export const MIGRATIONS_DIR = path.resolve(here, "../../drizzle");

/** Splits a mysql:// URL into the server URL and the database name. */
export function splitDatabaseUrl(url: string) {
  const u = new URL(url);
  const database = decodeURIComponent(u.pathname.replace(/^\//, ""));
  if (!/^[A-Za-z0-9_]+$/.test(database)) {
    throw new Error(`DATABASE_URL: nome de banco inválido "${database}" (use letras, números e _)`);
  }
  u.pathname = "/";
  return { serverUrl: u.toString(), database };
}

export async function createDatabaseIfMissing(url: string) {
  const { serverUrl, database } = splitDatabaseUrl(url);
  const conn = await mysql.createConnection({ uri: serverUrl, connectTimeout: 5000 });
  try {
    const [rows] = await conn.query("SHOW DATABASES LIKE ?", [database]);
    const existed = (rows as unknown[]).length > 0;
    if (!existed) {
      await conn.query(
        `CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
      );
    }
    return { created: !existed };
  } finally {
    await conn.end();
  }
}

export async function dropDatabase(url: string) {
  const { serverUrl, database } = splitDatabaseUrl(url);
  const conn = await mysql.createConnection({ uri: serverUrl });
  try {
    await conn.query(`DROP DATABASE IF EXISTS \`${database}\``);
  } finally {
    await conn.end();
  }
}

/** Applies pending migrations; returns how many were applied. Idempotent. */
export async function runMigrations(url: string) {
  const conn = await mysql.createConnection({ uri: url, multipleStatements: false });
  try {
    const countApplied = async () => {
      const [rows] = await conn.query(
        "SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = '__drizzle_migrations'",
      );
      if (Number((rows as { n: number }[])[0].n) === 0) return 0;
      const [r2] = await conn.query("SELECT COUNT(*) AS n FROM `__drizzle_migrations`");
      return Number((r2 as { n: number }[])[0].n);
    };
    const before = await countApplied();
    await migrate(drizzle(conn), { migrationsFolder: MIGRATIONS_DIR });
    return (await countApplied()) - before;
  } finally {
    await conn.end();
  }
}
