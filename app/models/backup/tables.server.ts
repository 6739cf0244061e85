// Which tables a backup carries, and how each is read: its columns (stored ones only) and its key
// order. Read from information_schema so an archive follows the schema of its migration level, not
// the code's (an older archive restores at its own level; docs/decisions/0027-backups.md).
import type { Connection } from "mysql2/promise";

/**
 * Left out on purpose (docs/backup.md): what a restore must not bring back, or rebuilds itself.
 * - sessoes: logins of the past; restoring them would reopen sessions that were closed since.
 * - rate_limiter: counters that expire within minutes.
 * - backups: the log of the backups of *this* database (a restored one starts its own; the run
 *   writing the archive would be in it as 'executando' forever).
 * - __drizzle_migrations: written by the migrator as the restore migrates to the archive's level.
 */
export const NOT_BACKED_UP = ["sessoes", "rate_limiter", "backups", "__drizzle_migrations"] as const;

/**
 * Tables a migration fills itself (content_version's one row): an empty database may hold them.
 * list_totals is gone since migration 0015, but an archive taken before it is restored at its own
 * level, where the table and its row exist.
 */
export const FILLED_BY_MIGRATIONS = ["content_version", "list_totals"] as const;

export type TableShape = { name: string; columns: string[]; key: string[] };

const q = (name: string) => `\`${name.replace(/`/g, "``")}\``;
export const quoteName = q;

/** The base tables of the connection's database, sorted by name. */
export async function listTables(conn: Connection): Promise<string[]> {
  const [rows] = await conn.query(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE() AND table_type = 'BASE TABLE' ORDER BY table_name",
  );
  return (rows as { name: string }[]).map((r) => r.name);
}

/** The tables a backup carries, with their stored columns and primary key. */
export async function backedUpTables(conn: Connection): Promise<TableShape[]> {
  const names = (await listTables(conn)).filter((t) => !(NOT_BACKED_UP as readonly string[]).includes(t));
  const shapes: TableShape[] = [];
  for (const name of names) shapes.push(await tableShape(conn, name));
  return shapes;
}

export async function tableShape(conn: Connection, name: string): Promise<TableShape> {
  // Generated columns (imoveis.busca) are derived by the database again on insert: not stored.
  const [cols] = await conn.query(
    "SELECT column_name AS c, column_key AS k, extra AS e FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = ? ORDER BY ordinal_position",
    [name],
  );
  const all = cols as { c: string; k: string; e: string }[];
  const columns = all.filter((r) => !/GENERATED/i.test(r.e)).map((r) => r.c);
  const [keyRows] = await conn.query(
    "SELECT column_name AS c FROM information_schema.key_column_usage WHERE table_schema = DATABASE() AND table_name = ? AND constraint_name = 'PRIMARY' ORDER BY ordinal_position",
    [name],
  );
  const key = (keyRows as { c: string }[]).map((r) => r.c);
  return { name, columns, key: key.length ? key : columns };
}

/** The SELECT that reads a table in a stable order: the dump and the checksum of a restore use it. */
export function selectAll(t: TableShape) {
  return `SELECT ${t.columns.map(q).join(", ")} FROM ${q(t.name)} ORDER BY ${t.key.map(q).join(", ")}`;
}

/**
 * Rows per table that migrations do not put there themselves: zero everywhere means "empty". Sessions
 * and backup runs count (they say the database is in use) though no archive carries them; the
 * migrations' own table and the short-lived throttle counters do not.
 */
export async function rowsHeld(conn: Connection): Promise<Record<string, number>> {
  const held: Record<string, number> = {};
  for (const name of await listTables(conn)) {
    if (name === "__drizzle_migrations" || name === "rate_limiter") continue;
    if ((FILLED_BY_MIGRATIONS as readonly string[]).includes(name)) continue;
    const [rows] = await conn.query(`SELECT COUNT(*) AS n FROM ${q(name)}`);
    const n = Number((rows as { n: number }[])[0].n);
    if (n > 0) held[name] = n;
  }
  return held;
}
