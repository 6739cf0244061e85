// The SQL of "free for the whole stay" (issue 33 §2), used by /temporada's list (listPublic) and the
// property page alike. No import of the listing models: they import this.
import { sql, type SQL } from "drizzle-orm";
import { imovelBloqueios, imovelTemporada, imoveis } from "../../db/schema";
import { addDays } from "../../utils/mensagem";

export type EstadiaCriteria = { chegada: string; saida: string; hospedes: number; diarias: number };

/**
 * A listing with a 'Diária' that takes `hospedes`, whose minimum stay is met, and no booked night
 * in [chegada, saida): its primary key finds the settings, imovel_bloqueios_imovel_fim_idx the periods.
 */
export function estadiaWhere(e: EstadiaCriteria): SQL {
  const lastNight = addDays(e.saida, -1);
  return sql`EXISTS (SELECT 1 FROM ${imovelTemporada} WHERE ${imovelTemporada.imovel_id} = ${imoveis.id}
      AND ${imovelTemporada.hospedes_max} >= ${e.hospedes} AND ${imovelTemporada.minimo_diarias} <= ${e.diarias})
    AND NOT EXISTS (SELECT 1 FROM ${imovelBloqueios} WHERE ${imovelBloqueios.imovel_id} = ${imoveis.id}
      AND ${imovelBloqueios.fim} >= ${e.chegada} AND ${imovelBloqueios.inicio} <= ${lastNight})`;
}
