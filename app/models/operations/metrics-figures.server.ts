// What /metrics reads from the app (server/metrics.ts, through the seam): this process's pool, and
// two figures of the whole database — the agency e-mails not yet sent or given up, and when the
// last good backup was taken. The database ones are the same on every process: the cluster's
// aggregate takes their maximum, not their sum.
import { sql } from "drizzle-orm";
import { getDb } from "../../db/client.server";
import { primaryPoolFigures, type PoolFigures } from "../../db/pool-figures.server";
import { mensagemEmails } from "../../db/schema";
import { lastGoodBackup } from "../backup/status.server";

export type OperationsFigures = {
  pool: PoolFigures;
  /** E-mails still to be sent (never sent, or failed with attempts left); null: the database did not answer. */
  outboxPending: number | null;
  /** E-mails given up (MAX_ATTEMPTS failed, mensagem-outbox.server.ts): someone must look ('Tentar de novo' in the inbox). */
  outboxFailed: number | null;
  /** When the newest backup that ended well began (its snapshot), or null when none has. */
  lastBackupAt: Date | null;
  /** Whether the database answered: without it the two figures above are unknown, not zero. */
  databaseRead: boolean;
};

/** Never throws: a scrape while the database is down still reports the pool (and says what it could not read). */
export async function operationsFigures(): Promise<OperationsFigures> {
  const pool = primaryPoolFigures();
  try {
    const [[counts], backup] = await Promise.all([
      getDb()
        .select({
          pending: sql<string>`COALESCE(SUM(${mensagemEmails.status} <> 'enviado' AND ${mensagemEmails.next_attempt_at} IS NOT NULL), 0)`,
          failed: sql<string>`COALESCE(SUM(${mensagemEmails.status} = 'falhou' AND ${mensagemEmails.next_attempt_at} IS NULL), 0)`,
        })
        .from(mensagemEmails),
      lastGoodBackup(),
    ]);
    return { pool, outboxPending: Number(counts.pending), outboxFailed: Number(counts.failed), lastBackupAt: backup?.iniciado_em ?? null, databaseRead: true };
  } catch {
    return { pool, outboxPending: null, outboxFailed: null, lastBackupAt: null, databaseRead: false };
  }
}
