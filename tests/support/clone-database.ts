// A database copied from another on the same server, tables, keys and rows: a seeded database for a
// test in well under a second, instead of a seed that processes every demo photo again (~20 s here).
import mysql from "mysql2/promise";
import { splitDatabaseUrl } from "../../app/db/setup.server";

/** Replaces `toUrl`'s database with a copy of `fromUrl`'s (which nobody may write meanwhile). */
export async function cloneDatabase(fromUrl: string, toUrl: string) {
  const { serverUrl, database: from } = splitDatabaseUrl(fromUrl);
  const { database: to } = splitDatabaseUrl(toUrl);
  const conn = await mysql.createConnection({ uri: serverUrl });
  try {
    await conn.query(`DROP DATABASE IF EXISTS \`${to}\``);
    await conn.query(`CREATE DATABASE \`${to}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    const [tables] = await conn.query("SELECT table_name AS t FROM information_schema.tables WHERE table_schema = ? AND table_type = 'BASE TABLE'", [from]);
    // CREATE TABLE … LIKE leaves the foreign keys out: the table's own statement keeps them.
    await conn.query(`USE \`${to}\``);
    await conn.query("SET FOREIGN_KEY_CHECKS = 0");
    for (const { t } of tables as { t: string }[]) {
      const [[shown]] = (await conn.query(`SHOW CREATE TABLE \`${from}\`.\`${t}\``)) as unknown as [Record<string, string>[]];
      await conn.query(shown["Create Table"]);
      // A generated column (imoveis.busca) is computed again, never inserted.
      const [cols] = await conn.query(
        "SELECT column_name AS c FROM information_schema.columns WHERE table_schema = ? AND table_name = ? AND extra NOT LIKE '%GENERATED%' ORDER BY ordinal_position",
        [from, t],
      );
      const list = (cols as { c: string }[]).map(({ c }) => `\`${c}\``).join(", ");
      await conn.query(`INSERT INTO \`${t}\` (${list}) SELECT ${list} FROM \`${from}\`.\`${t}\``);
    }
  } finally {
    await conn.end();
  }
}
