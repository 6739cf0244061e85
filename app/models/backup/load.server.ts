// Loading an archive's tables into a database migrated to the archive's level, then checking each
// table, read back, against the manifest's checksum. Through a plain connection, not the app's
// drizzle handle: a restore rebuilds the content tables wholesale into a database no server is
// serving yet, which is not a content write (docs/decisions/0027-backups.md).
import { createReadStream } from "node:fs";
import path from "node:path";
import readline from "node:readline";
import type { Connection } from "mysql2/promise";
import { DomainError } from "../errors";
import { decode, tableChecksum } from "./dump.server";
import type { Manifest } from "./manifest.server";
import { FILLED_BY_MIGRATIONS, quoteName as q, tableShape } from "./tables.server";

const BATCH_BYTES = 1_000_000;

async function loadTable(conn: Connection, file: string, table: string, columns: string[]) {
  const head = `INSERT INTO ${q(table)} (${columns.map(q).join(", ")}) VALUES ?`;
  let batch: unknown[][] = [];
  let size = 0;
  const flush = async () => {
    if (batch.length) await conn.query(head, [batch]);
    batch = [];
    size = 0;
  };
  const lines = readline.createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line) continue;
    batch.push((JSON.parse(line) as unknown[]).map(decode));
    size += line.length;
    if (size >= BATCH_BYTES) await flush();
  }
  await flush();
}

/** Loads every table of the archive in `dir` (one transaction), then verifies each against the manifest. */
export async function loadTables(conn: Connection, dir: string, manifest: Manifest) {
  for (const t of manifest.tabelas) {
    const shape = await tableShape(conn, t.name).catch(() => null);
    const missing = t.columns.filter((c) => !shape?.columns.includes(c));
    if (!shape || missing.length) {
      throw new DomainError("invalid", `a tabela ${t.name} do arquivo não cabe no banco migrado (${missing.join(", ") || "tabela ausente"})`);
    }
  }
  await conn.query("SET FOREIGN_KEY_CHECKS = 0");
  await conn.query("SET UNIQUE_CHECKS = 0");
  await conn.query("START TRANSACTION");
  try {
    // The rows a migration put there (content_version's) are replaced by the archive's.
    for (const t of FILLED_BY_MIGRATIONS) if (manifest.tabelas.some((m) => m.name === t)) await conn.query(`DELETE FROM ${q(t)}`);
    for (const t of manifest.tabelas) await loadTable(conn, path.join(dir, "db", `${t.name}.ndjson`), t.name, t.columns);
    await conn.query("COMMIT");
  } catch (e) {
    await conn.query("ROLLBACK").catch(() => {});
    throw e;
  } finally {
    await conn.query("SET FOREIGN_KEY_CHECKS = 1");
    await conn.query("SET UNIQUE_CHECKS = 1");
  }
  // Ids are not reused after a restore: the counter goes back to where the source had it.
  for (const t of manifest.tabelas) if (t.autoIncrement) await conn.query(`ALTER TABLE ${q(t.name)} AUTO_INCREMENT = ${Number(t.autoIncrement)}`);
  const counts: Record<string, number> = {};
  for (const t of manifest.tabelas) {
    const got = await tableChecksum(conn, { name: t.name, columns: t.columns, key: t.key });
    if (got.rows !== t.rows || got.sha256 !== t.sha256) {
      throw new DomainError("invalid", `a tabela ${t.name} restaurada não confere com o manifest (${got.rows} linhas de ${t.rows}, sha256 diferente)`);
    }
    counts[t.name] = got.rows;
  }
  return counts;
}
