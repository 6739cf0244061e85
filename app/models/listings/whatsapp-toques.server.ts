// WhatsApp taps per listing and day (issue 34): /whatsapp adds one, the admin list, 'Mais vistos'
// and the charts read them. Nothing about the visitor is kept: a listing (0 for the header, footer
// and contact page), a day, a number. One write per tap: taps are a few a day per listing, not the
// views' hundreds, so no counter in memory (and no tap lost to a crash).
import { and, gte, inArray, sql } from "drizzle-orm";
import { getDb } from "../../db/client.server";
import { whatsappToques } from "../../db/schema";
import { firstDayOf, spDay, VIEWS_DAYS } from "./visualizacoes.server";

/** One tap on a WhatsApp link (listing `imovelId`, 0 for none), today in São Paulo. */
export async function addToque(imovelId: number, now = new Date()) {
  await getDb()
    .insert(whatsappToques)
    .values({ imovel_id: imovelId, dia: spDay(now), total: 1 })
    .onDuplicateKeyUpdate({ set: { total: sql`${whatsappToques.total} + 1` } });
}

/** Taps of each listing over the last 30 days; a listing never tapped is absent. */
export async function toquesOf(ids: number[], days = VIEWS_DAYS): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await getDb()
    .select({ id: whatsappToques.imovel_id, n: sql<string>`SUM(${whatsappToques.total})` })
    .from(whatsappToques)
    .where(and(inArray(whatsappToques.imovel_id, ids), gte(whatsappToques.dia, firstDayOf(days))))
    .groupBy(whatsappToques.imovel_id);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}
