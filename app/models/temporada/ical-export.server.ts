// /imovel/<id>/calendario.ics (issue 33 §2): a public listing's booked periods as all-day events, for
// the owner's phone and the other sites to import. No personal data: each event says only
// 'Ocupado' and the listing's code; the admin's note and a feed's event text stay out.
import { and, asc, eq, gte } from "drizzle-orm";
import { withReadDb } from "../../db/read-db.server";
import { imovelBloqueios } from "../../db/schema";
import { writeCalendar } from "../../services/ical-writer.server";
import { addDays } from "../../utils/mensagem";
import { contentDay } from "./content-day.server";

/** The calendar of a public listing; `host` names the UIDs (globally unique, RFC 5545 §3.8.4.7). */
export async function calendarioIcs(imovel: { id: number; codigo: string | null }, host: string) {
  const today = await contentDay();
  // A month back: a stay under way stays visible to the calendars that import it.
  const rows = await withReadDb((db) =>
    db
      .select({ id: imovelBloqueios.id, inicio: imovelBloqueios.inicio, fim: imovelBloqueios.fim, feedId: imovelBloqueios.feed_id, created: imovelBloqueios.created_at })
      .from(imovelBloqueios)
      .where(and(eq(imovelBloqueios.imovel_id, imovel.id), gte(imovelBloqueios.fim, addDays(today, -30))))
      .orderBy(asc(imovelBloqueios.inicio), asc(imovelBloqueios.id)),
  );
  const codigo = imovel.codigo ?? `imóvel ${imovel.id}`;
  return writeCalendar({
    prodId: "-//Imobiliaria Votuporanga//Temporada//PT-BR",
    name: `${codigo} – ocupado`,
    events: rows.map((r) => ({
      // A feed's period is written again by each sync (a new row): its UID follows its dates, not the row.
      uid: r.feedId ? `imovel-${imovel.id}-feed-${r.feedId}-${r.inicio}-${r.fim}@${host}` : `imovel-${imovel.id}-bloqueio-${r.id}@${host}`,
      stamp: r.created,
      start: r.inicio,
      endExclusive: addDays(r.fim, 1),
      summary: `Ocupado – ${codigo}`,
    })),
  });
}
