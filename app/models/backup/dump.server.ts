// The database part of an archive: every backed-up table as one file of JSON lines (one array per
// row, in key order), all read in ONE transaction snapshot (START TRANSACTION WITH CONSISTENT
// SNAPSHOT): the tables agree with each other as of one instant while writers go on, since InnoDB
// reads the snapshot without locking a row. Rows are streamed: memory stays flat at any size.
import crypto from "node:crypto";
import { createWriteStream } from "node:fs";
import { Transform, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Connection as CoreConnection } from "mysql2";
import mysql, { type Connection } from "mysql2/promise";
import { backedUpTables, selectAll, type TableShape } from "./tables.server";
import { migrationLevel, type MigrationLevel } from "./migrations.server";

export type TableDump = { name: string; columns: string[]; key: string[]; rows: number; bytes: number; sha256: string; autoIncrement: number | null };

/**
 * A connection that reads values exactly as stored: dates and big numbers as strings (no time zone
 * or float conversion on the way out or back in), UTC as the session's zone for TIMESTAMP columns.
 */
export async function rawConnection(url: string): Promise<Connection> {
  const conn = await mysql.createConnection({
    uri: url,
    dateStrings: true,
    supportBigNumbers: true,
    bigNumberStrings: true,
    decimalNumbers: false,
    charset: "utf8mb4_unicode_ci",
    timezone: "Z",
  });
  await conn.query("SET time_zone = '+00:00'");
  return conn;
}

/** One value as JSON: binary as { $b: base64 }, JSON columns (objects on MySQL 8) as their text. */
function encode(v: unknown): unknown {
  if (Buffer.isBuffer(v)) return { $b: v.toString("base64") };
  if (v !== null && typeof v === "object") return JSON.stringify(v);
  return v;
}
export function decode(v: unknown): unknown {
  if (v !== null && typeof v === "object" && "$b" in v) return Buffer.from(String((v as { $b: string }).$b), "base64");
  return v;
}

/** Streams one table's rows as JSON lines into `sink`, hashing them; returns count, bytes, hash. */
export async function streamTable(conn: Connection, t: TableShape, sink: Writable) {
  const hash = crypto.createHash("sha256");
  let rows = 0;
  let bytes = 0;
  // The callback connection under the promise one streams rows (mysql2's promise API has no stream).
  const core = (conn as unknown as { connection: CoreConnection }).connection;
  const source = core.query({ sql: selectAll(t), rowsAsArray: true }).stream({ highWaterMark: 256 });
  const toLine = new Transform({
    writableObjectMode: true,
    transform(row: unknown[], _enc, done) {
      const line = Buffer.from(JSON.stringify(row.map(encode)) + "\n");
      hash.update(line);
      rows++;
      bytes += line.length;
      done(null, line);
    },
  });
  await pipeline(source, toLine, sink);
  return { rows, bytes, sha256: hash.digest("hex") };
}

/** A sink that keeps nothing: checksums of a table without writing it anywhere. */
const nowhere = () => new Writable({ write: (_c, _e, done) => done() });

/** A table's checksum as the dump computes it (a restore checks its tables against the manifest). */
export async function tableChecksum(conn: Connection, t: TableShape) {
  return streamTable(conn, t, nowhere());
}

/**
 * Dumps every backed-up table into `fileOf(table)` inside one consistent snapshot, and reads the
 * migration level in that same snapshot. `afterTable` lets a test act between two tables.
 */
export async function dumpDatabase(
  url: string,
  fileOf: (table: string) => string,
  opts: { afterTable?: (table: string) => Promise<void> } = {},
): Promise<{ level: MigrationLevel; tables: TableDump[] }> {
  const conn = await rawConnection(url);
  try {
    await conn.query("SET SESSION TRANSACTION ISOLATION LEVEL REPEATABLE READ");
    await conn.query("START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY");
    const level = await migrationLevel(conn);
    const tables: TableDump[] = [];
    for (const t of await backedUpTables(conn)) {
      const [info] = await conn.query("SELECT auto_increment AS a FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = ?", [t.name]);
      const a = (info as { a: number | string | null }[])[0]?.a;
      const result = await streamTable(conn, t, createWriteStream(fileOf(t.name)));
      tables.push({ ...t, ...result, autoIncrement: a === null || a === undefined ? null : Number(a) });
      await opts.afterTable?.(t.name);
    }
    await conn.query("COMMIT");
    return { level, tables };
  } finally {
    await conn.end();
  }
}
