// Views per listing, one feature in three parts: the hook on the request (server/visualizacoes-hook.ts),
// the counter of each process (jobs/visualizacoes-counter.server.ts), the table and its reads
// (models/listings/visualizacoes.server.ts). This is the table (imovel_visualizacoes, issue 24): the
// batch the counter writes and what the admin list and 'Home admin' read.
// Nothing about the visitor is kept: a listing, a day, a number.
import { and, desc, eq, gte, inArray, sql } from "drizzle-orm";
import { getDb, type Db } from "../../db/client.server";
import { prepared } from "../../db/prepared.server";
import { imoveis, imovelVisualizacoes, mensagens, whatsappToques } from "../../db/schema";
import { capaSql } from "./foto.server";

/** One row of a batch: `total` views of listing `imovelId` on `dia` (yyyy-mm-dd, São Paulo). */
export type VisualizacaoCount = { imovelId: number; dia: string; total: number };

/** Rows per INSERT: one statement stays far below max_allowed_packet. */
const ROWS_PER_STATEMENT = 1000;

/**
 * Adds a batch to the table: one INSERT … ON DUPLICATE KEY UPDATE per 1,000 rows, all of them in
 * one transaction, so a batch that fails is not written in part (the counter keeps it whole for
 * its next try, and a part written twice would count twice).
 */
export async function addVisualizacoes(batch: VisualizacaoCount[], db: Db = getDb()) {
  const write = async (w: Pick<Db, "insert">, rows: VisualizacaoCount[]) => {
    const values = rows.map((r) => ({ imovel_id: r.imovelId, dia: r.dia, total: r.total }));
    await w
      .insert(imovelVisualizacoes)
      .values(values)
      .onDuplicateKeyUpdate({ set: { total: sql`${imovelVisualizacoes.total} + VALUES(${imovelVisualizacoes.total})` } });
  };
  if (!batch.length) return;
  if (batch.length <= ROWS_PER_STATEMENT) return write(db, batch);
  await db.transaction(async (tx) => {
    for (let i = 0; i < batch.length; i += ROWS_PER_STATEMENT) await write(tx, batch.slice(i, i + ROWS_PER_STATEMENT));
  });
}

/** The first day of the last `days` days, today included, in São Paulo (yyyy-mm-dd). */
export function firstDayOf(days: number, now = new Date()) {
  const today = spDay(now);
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - (days - 1));
  return d.toISOString().slice(0, 10);
}

let dayFormat: Intl.DateTimeFormat | undefined;

/** The agency's day (America/Sao_Paulo) of an instant, as yyyy-mm-dd. */
export function spDay(at: Date) {
  // en-CA writes dates as yyyy-mm-dd.
  dayFormat ??= new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo", year: "numeric", month: "2-digit", day: "2-digit" });
  return dayFormat.format(at);
}

export const VIEWS_DAYS = 30;

/** Views of each listing over the last 30 days (today included); a listing never seen is absent. */
export async function visualizacoesOf(ids: number[], days = VIEWS_DAYS): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await getDb()
    .select({ id: imovelVisualizacoes.imovel_id, n: sql<string>`SUM(${imovelVisualizacoes.total})` })
    .from(imovelVisualizacoes)
    .where(and(inArray(imovelVisualizacoes.imovel_id, ids), gte(imovelVisualizacoes.dia, firstDayOf(days))))
    .groupBy(imovelVisualizacoes.imovel_id);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

// The ranking: each listing's days summed first, then only those sums joined to the listings that
// still exist. Joined before summing, every day's row looked its listing up: at 100,000 listings
// with 2,000 viewed for 30 days, 60,000 lookups (bench-atendimentos: 373–398 → 41–44 ms, docs/performance.md).
// The WhatsApp taps of the same days come in the same read, summed the same way. Prepared
// (db/prepared.server.ts): 'Home admin' asks it every time.
const rankingQuery = prepared((db) => {
  const sums = db
    .select({ id: imovelVisualizacoes.imovel_id, n: sql<string>`SUM(${imovelVisualizacoes.total})`.as("n") })
    .from(imovelVisualizacoes)
    .where(gte(imovelVisualizacoes.dia, sql.placeholder("desde")))
    .groupBy(imovelVisualizacoes.imovel_id)
    .as("somas");
  // Each listing's taps asked of the rows ranked, not summed for every tapped listing first: that
  // joined derived table doubled the read at 100,000 listings (16–17 → 32 ms, docs/performance.md).
  const taps = sql<string | null>`(SELECT SUM(${whatsappToques.total}) FROM ${whatsappToques} WHERE ${whatsappToques.imovel_id} = ${sums.id} AND ${whatsappToques.dia} >= ${sql.placeholder("desde")})`;
  return db
    .select({ id: sums.id, n: sums.n, whatsapp: taps })
    .from(sums)
    .innerJoin(imoveis, eq(imoveis.id, sums.id))
    .orderBy(desc(sums.n), desc(sums.id))
    .limit(sql.placeholder("limit"))
    .prepare();
});

/**
 * 'Home admin': the most viewed listings of the last 30 days, each with its views, its WhatsApp taps
 * and the messages sent about it over the same days (what the views turned into).
 */
export async function mostViewed(limit = 5, days = VIEWS_DAYS) {
  const db = getDb();
  const top = await rankingQuery().execute({ desde: firstDayOf(days), limit });
  if (!top.length) return [];
  const ids = top.map((r) => r.id);
  const [listings, sent] = await Promise.all([
    db
      .select({ id: imoveis.id, codigo: imoveis.codigo, endereco: imoveis.endereco, numero: imoveis.numero, bairro: imoveis.bairro, ativo: imoveis.ativo, capa: capaSql })
      .from(imoveis)
      .where(inArray(imoveis.id, ids)),
    db
      .select({ id: mensagens.imovel_id, n: sql<string>`COUNT(*)` })
      .from(mensagens)
      .where(and(inArray(mensagens.imovel_id, ids), gte(mensagens.created_at, sql`NOW() - INTERVAL ${days} DAY`)))
      .groupBy(mensagens.imovel_id),
  ]);
  const byId = new Map(sent.map((m) => [m.id, Number(m.n)]));
  return top.flatMap(({ id, n, whatsapp }) => {
    const imovel = listings.find((l) => l.id === id);
    return imovel ? [{ ...imovel, visualizacoes: Number(n), mensagens: byId.get(id) ?? 0, whatsapp: Number(whatsapp ?? 0) }] : [];
  });
}
