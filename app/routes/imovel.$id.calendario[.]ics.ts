import { getEnv } from "~/env.server";
import { idParam } from "~/http/params.server";
import { notFound } from "~/http/responses.server";
import { getPublicImovel } from "~/models/listings/imovel.server";
import { calendarioIcs } from "~/models/temporada/ical-export.server";
import type { Route } from "./+types/imovel.$id.calendario[.]ics";

/**
 * /imovel/<id>/calendario.ics (issue 33 §2): the booked periods of a public Temporada listing as an
 * iCalendar (RFC 5545), for the owner's phone and the other sites (Airbnb, Booking) to import.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const imovel = await getPublicImovel(idParam(params.id, "Imóvel não encontrado."));
  if (!imovel || imovel.status !== "Temporada") throw notFound("Imóvel não encontrado.");
  const body = await calendarioIcs(imovel, new URL(getEnv().PUBLIC_URL).host);
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `inline; filename="calendario-${imovel.codigo ?? imovel.id}.ics"`,
    },
  });
}
