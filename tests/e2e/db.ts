import mysql from "mysql2/promise";
import { E2E } from "./env";

/** Runs one query against the browser tests' database (to check what a flow stored). */
export async function query<T = Record<string, unknown>>(sql: string, params: unknown[] = []) {
  const conn = await mysql.createConnection({ uri: E2E.DATABASE_URL });
  try {
    const [rows] = await conn.query(sql, params);
    return rows as T[];
  } finally {
    await conn.end();
  }
}
