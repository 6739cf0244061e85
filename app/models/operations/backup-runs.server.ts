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

/** Runs left 'executando' by a process that died: marked failed (the daily job calls this under its lock). */
export async function failAbandonedRuns(conn: Connection) {
  await conn.query("UPDATE `backups` SET estado = 'falhou', terminado_em = NOW(3), erro = 'interrompido (o processo parou durante o backup)' WHERE estado = 'executando'");
}
