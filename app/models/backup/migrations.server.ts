// The migration level of a database (drizzle's __drizzle_migrations), and migrating a database to a
// given level: an archive restores at the level it was taken at, then climbs to the code's.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/mysql2";
import { migrate } from "drizzle-orm/mysql2/migrator";
import mysql, { type Connection } from "mysql2/promise";
import { MIGRATIONS_DIR } from "../../db/setup.server";
import { DomainError } from "../errors";

export type MigrationLevel = { applied: number; last: string | null; lastAt: number | null };
type Journal = { entries: { idx: number; when: number; tag: string }[] };

export async function readJournal(): Promise<Journal> {
  return JSON.parse(await fs.readFile(path.join(MIGRATIONS_DIR, "meta/_journal.json"), "utf8")) as Journal;
}

/** How many migrations the connection's database has, and the last one's tag (from the journal). */
export async function migrationLevel(conn: Connection): Promise<MigrationLevel> {
  const [t] = await conn.query("SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = '__drizzle_migrations'");
  if (Number((t as { n: number }[])[0].n) === 0) return { applied: 0, last: null, lastAt: null };
  const [rows] = await conn.query("SELECT COUNT(*) AS n, MAX(created_at) AS at FROM `__drizzle_migrations`");
  const { n, at } = (rows as { n: number; at: string | number | null }[])[0];
  const applied = Number(n);
  const lastAt = at === null ? null : Number(at);
  const journal = await readJournal();
  const last = journal.entries.find((e) => e.when === lastAt)?.tag ?? null;
  return { applied, last, lastAt };
}

/** Refuses a level this code cannot rebuild: newer than its migrations, or from another history. */
export async function checkLevel(level: MigrationLevel) {
  const journal = await readJournal();
  if (level.applied > journal.entries.length) {
    throw new DomainError("conflict", `o arquivo vem de uma versão mais nova (${level.applied} migrações; este código conhece ${journal.entries.length}): atualize o código antes de restaurar`);
  }
  const entry = journal.entries[level.applied - 1];
  if (level.applied > 0 && (!entry || entry.when !== level.lastAt)) {
    throw new DomainError("conflict", `a migração ${level.applied} do arquivo (${level.last ?? level.lastAt}) não é a deste código (${entry?.tag}): histórico de migrações diferente`);
  }
}

/**
 * Applies the first `level` migrations only, through drizzle's own migrator over a copy of the
 * migrations folder whose journal stops there (so the rows it writes are those a normal run writes).
 */
export async function migrateTo(url: string, level: number) {
  const journal = await readJournal();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "imob-migrations-"));
  try {
    await fs.mkdir(path.join(dir, "meta"));
    const entries = journal.entries.slice(0, level);
    await fs.writeFile(path.join(dir, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
    for (const e of entries) await fs.copyFile(path.join(MIGRATIONS_DIR, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
    const conn = await mysql.createConnection({ uri: url });
    try {
      await migrate(drizzle(conn), { migrationsFolder: dir });
    } finally {
      await conn.end();
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
