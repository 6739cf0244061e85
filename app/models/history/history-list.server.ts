// Reading the admin history (/admin/historico): newest first, filtered by admin, kind and listing;
// and its retention (HISTORY_RETENTION_DAYS), run by the daily job.
import { and, asc, desc, eq, lt, sql, type SQL } from "drizzle-orm";
import { getDb } from "../../db/client.server";
import { getEnv } from "../../env.server";
import { logFor } from "../../log.server";
import { historico, imoveis, usuarios } from "../../db/schema";
import type { HistoricoEntry } from "../../utils/historico";
import { paginate, type Page } from "../../utils/pagination";
import { HISTORY_KINDS, type HistoryKind } from "./history.server";

export const HISTORY_PAGE_SIZE = 25;

/** `usuario`: an admin's id, or 0 for the system (the daily job, the command line). */
export type HistoryQuery = { usuario?: number; acao?: HistoryKind; imovel?: number; page?: number; pageSize?: number };

function historyWhere(q: HistoryQuery) {
  const conds: SQL[] = [];
  if (q.usuario === 0) conds.push(sql`${historico.usuario_id} IS NULL`);
  else if (q.usuario != null) conds.push(eq(historico.usuario_id, q.usuario));
  if (q.acao) conds.push(eq(historico.acao, q.acao));
  if (q.imovel != null) conds.push(eq(historico.imovel_id, q.imovel));
  return conds.length ? and(...conds) : undefined;
}

/** One page of entries, newest first (each filter has its index: historico_*_idx on (…, em)). */
export function listHistory(q: HistoryQuery): Promise<Page<HistoricoEntry>> {
  const db = getDb();
  const where = historyWhere(q);
  return paginate(
    async () => (await db.select({ n: sql<number>`COUNT(*)` }).from(historico).where(where))[0].n,
    async (limit, offset) => {
      const rows = await db
        .select({
          id: historico.id,
          em: historico.em,
          usuarioEmail: historico.usuario_email,
          ip: historico.ip,
          acao: historico.acao,
          imovelId: historico.imovel_id,
          imovelExiste: sql<number>`${imoveis.id} IS NOT NULL`,
          mensagemId: historico.mensagem_id,
          resumo: historico.resumo,
          mudancas: historico.mudancas,
        })
        .from(historico)
        .leftJoin(imoveis, eq(imoveis.id, historico.imovel_id))
        .where(where)
        .orderBy(desc(historico.em), desc(historico.id))
        .limit(limit)
        .offset(offset);
      return rows.map((r) => ({
        ...r,
        acaoLabel: HISTORY_KINDS[r.acao as HistoryKind] ?? r.acao,
        imovelExiste: Boolean(Number(r.imovelExiste)),
        mudancas: r.mudancas ?? [],
      }));
    },
    q.page,
    q.pageSize ?? HISTORY_PAGE_SIZE,
  );
}

/** The filter's choices: every admin account (read from usuarios: a handful of rows, not the history). */
export async function historyAdmins(): Promise<{ id: number; email: string }[]> {
  return getDb().select({ id: usuarios.id, email: usuarios.email }).from(usuarios).orderBy(asc(usuarios.email));
}

/** Deletes the entries older than `days` days (HISTORY_RETENTION_DAYS); returns how many went. */
export async function purgeHistory(days: number, now = new Date()) {
  const cutoff = new Date(now.getTime() - days * 24 * 3600_000);
  const [res] = await getDb().delete(historico).where(lt(historico.em, cutoff));
  return res.affectedRows;
}

/**
 * The retention as the daily maintenance runs it (issue 24): entries older than
 * HISTORY_RETENTION_DAYS go. Several processes may run it at once: the second deletes nothing.
 */
export async function purgeOldHistory() {
  const days = getEnv().HISTORY_RETENTION_DAYS;
  const n = await purgeHistory(days);
  if (n > 0) logFor("history").info(`Histórico: ${n} registro(s) com mais de ${days} dias excluído(s).`);
}
