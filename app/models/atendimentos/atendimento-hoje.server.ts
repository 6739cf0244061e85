// 'Hoje' on 'Home admin' (issue 34): my follow-ups due today and overdue, and the new leads nobody
// has taken. Both read an index of mensagens (responsavel_idx; etapa_idx).
import { and, asc, count, desc, eq, inArray, isNull, lte } from "drizzle-orm";
import { getDb } from "../../db/client.server";
import { mensagens } from "../../db/schema";
import { ETAPAS_ABERTAS } from "../../utils/atendimento";
import { agencyToday } from "../../utils/mensagem";
import { cardsWhere } from "./atendimento-board.server";

const HOJE_MAX = 20;

/** The end of the agency's day (São Paulo, UTC−3 all year since 2019) of `now`. */
export const endOfAgencyDay = (now = new Date()) => new Date(`${agencyToday(now)}T23:59:59.999-03:00`);

/** The open atendimentos of admin `usuarioId` whose follow-up is due by the end of today, oldest first. */
export function retornosDe(usuarioId: number, now = new Date(), limit = HOJE_MAX) {
  return cardsWhere(
    and(
      eq(mensagens.responsavel_id, usuarioId),
      lte(mensagens.retornar_em, endOfAgencyDay(now)),
      inArray(mensagens.etapa, ETAPAS_ABERTAS),
      eq(mensagens.arquivada, false),
    )!,
    limit,
    [asc(mensagens.retornar_em), asc(mensagens.id)],
  );
}

/** 'Hoje' of admin `me`: follow-ups due, and the new leads with no owner (the newest, and how many). */
export async function hojeDe(me: number) {
  const novosWhere = and(eq(mensagens.arquivada, false), eq(mensagens.etapa, "Novo"), isNull(mensagens.responsavel_id))!;
  const [retornos, novos, [{ n }]] = await Promise.all([
    retornosDe(me),
    cardsWhere(novosWhere, 5, [desc(mensagens.created_at), desc(mensagens.id)]),
    getDb().select({ n: count() }).from(mensagens).where(novosWhere),
  ]);
  return { retornos, novos, novosTotal: Number(n) };
}
