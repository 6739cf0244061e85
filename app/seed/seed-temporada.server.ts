// The demo's Temporada calendars (issue 33 §2): each active Temporada listing gets its Diária (its
// price), a minimum of 2 nights, a number of guests, and two booked weekends ahead of today, so the
// calendar, 'Verificar datas' and /temporada's search by dates have something to show.
import { and, eq } from "drizzle-orm";
import { getDb } from "../db/client.server";
import { imoveis } from "../db/schema";
import { addBloqueio, saveTemporadaConfig } from "../models/temporada/calendario.server";
import { addDays, agencyToday } from "../utils/mensagem";

/** The Friday at least `ahead` days from today. */
function friday(ahead: number) {
  let day = addDays(agencyToday(), ahead);
  while (new Date(`${day}T12:00:00Z`).getUTCDay() !== 5) day = addDays(day, 1);
  return day;
}

export async function seedCalendarios() {
  const rows = await getDb()
    .select({ id: imoveis.id, preco: imoveis.preco })
    .from(imoveis)
    .where(and(eq(imoveis.status, "Temporada"), eq(imoveis.ativo, "sim")));
  for (const [i, r] of rows.entries()) {
    await saveTemporadaConfig(r.id, { diaria: r.preco, minimo_diarias: 2, hospedes_max: 4 + (i % 4) * 2 });
    // Every other listing is booked on the coming weekends; the rest stay free, for the search by dates.
    if (i % 2) continue;
    await addBloqueio(r.id, { inicio: friday(7), fim: addDays(friday(7), 1), nota: "Demonstração" });
    await addBloqueio(r.id, { inicio: friday(21), fim: addDays(friday(21), 2), nota: "Demonstração" });
  }
  return rows.length;
}
