// Public views per listing and day (table imovel_visualizacoes, issue 24): the batch the server's
// counter writes (jobs/visualizacoes.server.ts) and what the admin list and 'Home admin' read.
// Nothing about the visitor is kept: a listing, a day, a number.
import { and, desc, gte, inArray, sql } from "drizzle-orm";
import { getDb, type Db } from "../../db/client.server";
import { imovelVisualizacoes } from "../../db/schema";

/** One row of a batch: `total` views of listing `imovelId` on `dia` (yyyy-mm-dd, São Paulo). */
export type VisualizacaoCount = { imovelId: number; dia: string; total: number };

/** Rows per INSERT: one statement stays far below max_allowed_packet. */
const ROWS_PER_STATEMENT = 1000;

/** Adds a batch to the table: one INSERT … ON DUPLICATE KEY UPDATE per 1,000 rows. */
export async function addVisualizacoes(batch: VisualizacaoCount[], db: Db = getDb()) {
  for (let i = 0; i < batch.length; i += ROWS_PER_STATEMENT) {
    const rows = batch.slice(i, i + ROWS_PER_STATEMENT).map((r) => ({ imovel_id: r.imovelId, dia: r.dia, total: r.total }));
    await db
      .insert(imovelVisualizacoes)
      .values(rows)
      .onDuplicateKeyUpdate({ set: { total: sql`${imovelVisualizacoes.total} + VALUES(${imovelVisualizacoes.total})` } });
  }
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

/** The most viewed listings of the last 30 days, with their views ('Home admin'). */
export async function mostViewed(limit = 5, days = VIEWS_DAYS) {
  const total = sql<string>`SUM(${imovelVisualizacoes.total})`;
  const rows = await getDb()
    .select({ id: imovelVisualizacoes.imovel_id, n: total })
    .from(imovelVisualizacoes)
    .where(gte(imovelVisualizacoes.dia, firstDayOf(days)))
    .groupBy(imovelVisualizacoes.imovel_id)
    .orderBy(desc(total), desc(imovelVisualizacoes.imovel_id))
    .limit(limit);
  return rows.map((r) => ({ id: r.id, visualizacoes: Number(r.n) }));
}
