// The figures of 'Home admin''s charts (issue 34): leads per week by origin (message kinds and
// WhatsApp taps) and the funnel of the last 90 days; the third, the 10 most viewed listings with
// their taps and leads, is the listings' mostViewed. Each reads a date range through an index; none
// grows with the number of listings. Both are prepared (db/prepared): every 'Home admin' asks them,
// and building them each time cost more Node time than running them.
import { gte, sql } from "drizzle-orm";
import { prepared } from "../../db/prepared.server";
import { mensagens, whatsappToques } from "../../db/schema";
import { ETAPAS_FUNIL } from "../../utils/atendimento";
import { addDays, agencyToday } from "../../utils/mensagem";

export const SEMANAS = 12;
export const FUNIL_DIAS = 90;

/** The Monday (YYYY-MM-DD) of the week of `day`. */
export function mondayOf(day: string) {
  const wd = (new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -wd);
}

// created_at is UTC (the pool's time zone); São Paulo is UTC−3, so its first Monday starts at 03:00
// UTC ("start") and a message's week is the whole weeks since then: plain arithmetic per row, where
// the day and weekday of each one's local time took about 1.5× as long (docs/performance.md).
const week = sql<number>`TIMESTAMPDIFF(SECOND, ${sql.placeholder("start")}, ${mensagens.created_at}) DIV ${7 * 86_400}`;
const leadsQuery = prepared((db) =>
  db
    .select({ semana: week, tipo: mensagens.tipo, n: sql<string>`COUNT(*)` })
    .from(mensagens)
    .where(gte(mensagens.created_at, sql.placeholder("start")))
    .groupBy(week, mensagens.tipo)
    .prepare(),
);
// A tap's day is already São Paulo's: its week is the whole weeks since the first Monday ("first").
const tapWeek = sql<number>`DATEDIFF(${whatsappToques.dia}, ${sql.placeholder("first")}) DIV 7`;
const tapsQuery = prepared((db) =>
  db
    .select({ semana: tapWeek, n: sql<string>`SUM(${whatsappToques.total})` })
    .from(whatsappToques)
    .where(gte(whatsappToques.dia, sql.placeholder("first")))
    .groupBy(tapWeek)
    .prepare(),
);

/** Leads per week (Monday first, São Paulo), for the last SEMANAS weeks: per message kind, and WhatsApp taps. */
export async function leadsPorSemana(now = new Date()) {
  const first = addDays(mondayOf(agencyToday(now)), -7 * (SEMANAS - 1));
  const [msgs, taps] = await Promise.all([leadsQuery().execute({ start: new Date(`${first}T03:00:00Z`) }), tapsQuery().execute({ first })]);
  const semanas = Array.from({ length: SEMANAS }, (_, i) => addDays(first, 7 * i));
  return semanas.map((semana, i) => ({
    semana,
    porTipo: Object.fromEntries(msgs.filter((m) => Number(m.semana) === i).map((m) => [m.tipo, Number(m.n)])) as Record<string, number>,
    whatsapp: Number(taps.find((t) => Number(t.semana) === i)?.n ?? 0),
  }));
}

// One pass over the 90 days (mensagens_stats_idx alone): how far each got, and the lost among them.
const funilQuery = prepared((db) =>
  db
    .select({ max: mensagens.etapa_max, n: sql<string>`COUNT(*)`, perdidos: sql<string>`SUM(${mensagens.etapa} = 'Perdido')` })
    .from(mensagens)
    .where(gte(mensagens.created_at, sql`NOW() - INTERVAL ${FUNIL_DIAS} DAY`))
    .groupBy(mensagens.etapa_max)
    .prepare(),
);

/** How many atendimentos of the last FUNIL_DIAS days reached each stage, how many were lost, and the share closed. */
export async function funil() {
  const rows = await funilQuery().execute();
  const total = rows.reduce((s, r) => s + Number(r.n), 0);
  const perdidos = rows.reduce((s, r) => s + Number(r.perdidos ?? 0), 0);
  const etapas = ETAPAS_FUNIL.map((etapa, i) => ({ etapa, n: rows.filter((r) => r.max >= i).reduce((s, r) => s + Number(r.n), 0) }));
  const fechados = etapas.at(-1)!.n;
  return { total, etapas, perdidos, fechadosPct: total ? Math.round((fechados / total) * 1000) / 10 : 0 };
}
