// What an import did (issue 32): its line per listing of the feed, the totals, and the listings
// imported before that this feed no longer carries ('saíram do feed'), which are never deleted: the
// admin may deactivate them all at once. Only the newest concluded import says who left: an older
// one's feed would name listings that a later import brought (back), and deactivate them.
import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import { getDb } from "../../db/client.server";
import { IMPORT_RESULTS, imoveis, importacaoItens } from "../../db/schema";
import { DomainError } from "../errors";
import type { Actor } from "../history/history.server";
import { contentWrite } from "../listings/content-version.server";
import { recordImovel } from "../listings/imovel-history.server";
import { latestConcludedId } from "./import-job.server";

/** The report's lines, in the feed's order. */
export function reportItems(jobId: number) {
  return getDb()
    .select({ codigo: importacaoItens.codigo_feed, imovelId: importacaoItens.imovel_id, resultado: importacaoItens.resultado, motivo: importacaoItens.motivo, imovelCodigo: imoveis.codigo })
    .from(importacaoItens)
    .leftJoin(imoveis, eq(imoveis.id, importacaoItens.imovel_id))
    .where(eq(importacaoItens.importacao_id, jobId))
    .orderBy(asc(importacaoItens.id));
}

/** How many lines of each result ('criado': 3, …), every result named. */
export async function reportTotals(jobId: number) {
  const rows = await getDb()
    .select({ resultado: importacaoItens.resultado, n: sql<number>`COUNT(*)` })
    .from(importacaoItens)
    .where(eq(importacaoItens.importacao_id, jobId))
    .groupBy(importacaoItens.resultado);
  return IMPORT_RESULTS.map((r) => ({ resultado: r, n: Number(rows.find((x) => x.resultado === r)?.n ?? 0) }));
}

export const LEFT_ONLY_LATEST = "Só a importação concluída mais recente diz quais imóveis saíram do feed.";

// Not in this job's feed, nor brought by a later job (one running, interrupted or failed half-way
// has created listings too, and the newest concluded one never saw them).
const notInJob = (jobId: number) =>
  sql`${imoveis.codigo_feed} NOT IN (SELECT ${importacaoItens.codigo_feed} FROM ${importacaoItens} WHERE ${importacaoItens.importacao_id} >= ${jobId})`;

/** Listings imported from a feed that this import's feed no longer carries (for the newest concluded import). */
export function leftTheFeed(jobId: number) {
  return getDb()
    .select({ id: imoveis.id, codigo: imoveis.codigo, codigoFeed: imoveis.codigo_feed, ativo: imoveis.ativo, tipo: imoveis.tipo, bairro: imoveis.bairro })
    .from(imoveis)
    .where(and(isNotNull(imoveis.codigo_feed), notInJob(jobId)))
    .orderBy(asc(imoveis.id));
}

/** 'Desativar todos': the active ones among leftTheFeed, in one content write; returns how many. */
export async function deactivateLeft(actor: Actor, jobId: number) {
  return contentWrite(async (tx) => {
    // Asked inside the write: an import that concludes meanwhile makes this one old.
    if ((await latestConcludedId(tx)) !== jobId) throw new DomainError("conflict", LEFT_ONLY_LATEST);
    const rows = await tx
      .select({ id: imoveis.id })
      .from(imoveis)
      .where(and(isNotNull(imoveis.codigo_feed), eq(imoveis.ativo, "sim"), notInJob(jobId)))
      .for("update");
    for (const r of rows) {
      await tx.update(imoveis).set({ ativo: "nao" }).where(eq(imoveis.id, r.id));
      await recordImovel(tx, actor, "imovel_ativado", r.id, { detail: "desativado: saiu do feed importado", mudancas: [{ campo: "Anúncio ativo", de: "Sim", para: "Não" }] });
    }
    return rows.length;
  });
}
