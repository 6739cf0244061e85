// The `backups` rows of the database being backed up: one per run, 'executando' until it ends 'ok'
// or 'falhou'. Through a plain connection to that database (the CLI, the bench and the tests back up
// databases other than the app's pool's). A database older than migration 0014 has no such table:
// its runs are simply not recorded.
import type { Connection } from "mysql2/promise";

export type RunOrigin = "diario" | "manual";

const missingTable = (e: unknown) => (e as { code?: string })?.code === "ER_NO_SUCH_TABLE";

/** Records a run begun; its id, or null when the database has no `backups` table. */
export async function startRun(conn: Connection, origem: RunOrigin): Promise<number | null> {
  try {
    const [res] = await conn.query("INSERT INTO `backups` (origem, estado) VALUES (?, 'executando')", [origem]);
    return (res as { insertId: number }).insertId;
  } catch (e) {
    if (missingTable(e)) return null;
    throw e;
  }
}

export async function endRun(conn: Connection, id: number | null, end: { ok: true; destino: string; bytes: number } | { ok: false; erro: string }) {
  if (id === null) return;
  if (end.ok) {
    await conn.query("UPDATE `backups` SET estado = 'ok', terminado_em = NOW(3), destino = ?, bytes = ? WHERE id = ?", [end.destino, end.bytes, id]);
  } else {
    await conn.query("UPDATE `backups` SET estado = 'falhou', terminado_em = NOW(3), erro = ? WHERE id = ?", [end.erro.slice(0, 1000), id]);
  }
}

/**
 * Runs left 'executando' by a process that died, marked failed. Only those begun 6 h ago or more: a
 * manual `npm run backup` takes no lock and may be running right now.
 */
export async function failAbandonedRuns(conn: Connection) {
  await conn.query(
    "UPDATE `backups` SET estado = 'falhou', terminado_em = NOW(3), erro = 'interrompido (o processo parou durante o backup)' WHERE estado = 'executando' AND iniciado_em < NOW(3) - INTERVAL 6 HOUR",
  );
}

/** A daily backup already done today (ok within 20 h), or tried within 6 h: nothing to do now. */
export async function dailyRecentlyDone(conn: Connection): Promise<boolean> {
  const [rows] = await conn.query(
    "SELECT COUNT(*) AS n FROM `backups` WHERE origem = 'diario' AND ((estado = 'ok' AND iniciado_em > NOW(3) - INTERVAL 20 HOUR) OR iniciado_em > NOW(3) - INTERVAL 6 HOUR)",
  );
  return Number((rows as { n: number }[])[0].n) > 0;
}

/**
 * Runs `fn` while holding the database's backup lock (MariaDB/MySQL GET_LOCK, named after the
 * database: one server may hold several): one process of one replica at a time, whichever asks
 * first. Another process gets null at once. The lock ends with the connection if the process dies.
 */
export async function withBackupLock<T>(conn: Connection, fn: () => Promise<T>): Promise<T | null> {
  const [db] = await conn.query("SELECT DATABASE() AS d");
  const name = `imob_backup:${(db as { d: string }[])[0].d}`.slice(0, 64);
  const [got] = await conn.query("SELECT GET_LOCK(?, 0) AS ok", [name]);
  if (Number((got as { ok: number | null }[])[0].ok) !== 1) return null;
  try {
    return await fn();
  } finally {
    await conn.query("SELECT RELEASE_LOCK(?)", [name]).catch(() => {});
  }
}
