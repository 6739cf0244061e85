// What a visitor sees of a Temporada listing's calendar (issue 33 §2): its stay settings, the booked
// periods from today on, and the answer to 'Verificar datas'. Public reads, kept per content version.
import { and, asc, eq, gte, inArray } from "drizzle-orm";
import { withReadDb } from "../../db/read-db.server";
import { imovelBloqueios, imovelTemporada } from "../../db/schema";
import { ESTADIA_MAX_DIAS_A_FRENTE, nearestFree, overlaps, type Estadia, type Periodo } from "../../utils/temporada";
import { addDays } from "../../utils/mensagem";
import { publicRead } from "../listings/public-reads.server";
import { contentDay } from "./content-day.server";

export type TemporadaPublic = {
  config: { diaria: string; minimo_diarias: number; hospedes_max: number } | null;
  /** booked nights from today to the horizon, merged or not, in order */
  periodos: Periodo[];
  today: string;
};

/** A listing's settings and periods as the content's today sees them. */
export async function getTemporadaPublic(imovelId: number): Promise<TemporadaPublic> {
  const today = await contentDay();
  return publicRead("getTemporadaPublic", [imovelId, today], () =>
    withReadDb(async (db) => {
      const [[config], periodos] = await Promise.all([
        db
          .select({ diaria: imovelTemporada.diaria, minimo_diarias: imovelTemporada.minimo_diarias, hospedes_max: imovelTemporada.hospedes_max })
          .from(imovelTemporada)
          .where(eq(imovelTemporada.imovel_id, imovelId)),
        db
          .select({ inicio: imovelBloqueios.inicio, fim: imovelBloqueios.fim })
          .from(imovelBloqueios)
          .where(and(eq(imovelBloqueios.imovel_id, imovelId), gte(imovelBloqueios.fim, today)))
          .orderBy(asc(imovelBloqueios.inicio))
          .limit(2000),
      ]);
      const horizon = addDays(today, ESTADIA_MAX_DIAS_A_FRENTE);
      return { config: config ?? null, periodos: periodos.filter((p) => p.inicio <= horizon), today };
    }),
  );
}

export type Verificacao =
  | { kind: "disponivel"; estadia: Estadia; diaria: string }
  | { kind: "indisponivel"; estadia: Estadia; motivo: "ocupado" | "hospedes" | "minimo"; sugestao: { chegada: string; saida: string } | null };

/** 'Verificar datas': free for the whole stay (and the guests, and the minimum), or the nearest free period of the same length. */
export function verificar(t: TemporadaPublic, estadia: Estadia): Verificacao | null {
  if (!t.config) return null;
  const { diaria, minimo_diarias, hospedes_max } = t.config;
  if (estadia.hospedes > hospedes_max) return { kind: "indisponivel", estadia, motivo: "hospedes", sugestao: null };
  if (estadia.diarias < minimo_diarias) return { kind: "indisponivel", estadia, motivo: "minimo", sugestao: null };
  if (!overlaps(t.periodos, estadia.chegada, estadia.saida)) return { kind: "disponivel", estadia, diaria };
  return { kind: "indisponivel", estadia, motivo: "ocupado", sugestao: nearestFree(t.periodos, estadia.chegada, estadia.diarias, t.today) };
}

/** The 'Diária' of each listing among `ids` that has one (the cards of /temporada's stay search). */
export function diariasOf(ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return Promise.resolve(new Map());
  return publicRead("diariasOf", [ids], () =>
    withReadDb(async (db) => {
      const rows = await db.select({ id: imovelTemporada.imovel_id, diaria: imovelTemporada.diaria }).from(imovelTemporada).where(inArray(imovelTemporada.imovel_id, ids));
      return new Map(rows.map((r) => [r.id, r.diaria]));
    }),
  );
}
