import mysql from "mysql2/promise";
import { cloneDatabase } from "../support/clone-database";
import { E2E, e2eDatabaseUrl } from "./env";

/**
 * Runs one query against the browser tests' database (to check what a flow stored), or against
 * `databaseUrl`, a spec's own (seededDatabase).
 */
export async function query<T = Record<string, unknown>>(sql: string, params: unknown[] = [], databaseUrl = E2E.DATABASE_URL) {
  const conn = await mysql.createConnection({ uri: databaseUrl });
  try {
    const [rows] = await conn.query(sql, params);
    return rows as T[];
  } finally {
    await conn.end();
  }
}

/**
 * A database of a spec's own (`imobiliaria_e2e_<suffix>`), holding the seed as it was before any
 * test ran; its photos are the e2e ones (E2E.IMG_DIR). Far quicker than seeding one again.
 */
export async function seededDatabase(suffix: string) {
  const url = e2eDatabaseUrl(suffix);
  await cloneDatabase(E2E.TEMPLATE_URL, url);
  return url;
}
