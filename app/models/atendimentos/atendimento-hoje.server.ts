// 'Hoje' on 'Home admin' (issue 34): my follow-ups due today and overdue, and the new leads nobody
// has taken. Both read an index of mensagens (responsavel_idx; etapa_idx). Prepared (db/prepared):
// every 'Home admin' asks them, and building them each time was most of their cost.
import { and, asc, count, desc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import { prepared } from "../../db/prepared.server";
import { mensagens } from "../../db/schema";
import { ETAPAS_ABERTAS } from "../../utils/atendimento";
import { agencyToday } from "../../utils/mensagem";
import { cardOf, cardsFrom } from "./atendimento-board.server";

const HOJE_MAX = 20;

/** The end of the agency's day (São Paulo, UTC−3 all year since 2019) of `now`. */
export const endOfAgencyDay = (now = new Date()) => new Date(`${agencyToday(now)}T23:59:59.999-03:00`);

const retornos = prepared((db) =>
  cardsFrom(db)
    .where(
      and(
        eq(mensagens.responsavel_id, sql.placeholder("usuarioId")),
        lte(mensagens.retornar_em, sql.placeholder("fim")),
        inArray(mensagens.etapa, ETAPAS_ABERTAS),
        eq(mensagens.arquivada, false),
      ),
    )
    .orderBy(asc(mensagens.retornar_em), asc(mensagens.id))
    .limit(sql.placeholder("limit"))
    .prepare(),
);

const novosWhere = and(eq(mensagens.arquivada, false), eq(mensagens.etapa, "Novo"), isNull(mensagens.responsavel_id));
const novos = prepared((db) => cardsFrom(db).where(novosWhere).orderBy(desc(mensagens.created_at), desc(mensagens.id)).limit(5).prepare());
const novosTotal = prepared((db) => db.select({ n: count() }).from(mensagens).where(novosWhere).prepare());

/** The open atendimentos of admin `usuarioId` whose follow-up is due by the end of today, oldest first. */
export async function retornosDe(usuarioId: number, now = new Date(), limit = HOJE_MAX) {
  return (await retornos().execute({ usuarioId, fim: endOfAgencyDay(now), limit })).map(cardOf);
}

/** 'Hoje' of admin `me`: follow-ups due, and the new leads with no owner (the newest, and how many). */
export async function hojeDe(me: number) {
  const [mine, newest, [{ n }]] = await Promise.all([retornosDe(me), novos().execute(), novosTotal().execute()]);
  return { retornos: mine, novos: newest.map(cardOf), novosTotal: Number(n) };
}
