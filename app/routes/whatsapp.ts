// GET /whatsapp[?imovel=<id>] (issue 34): counts a tap on a WhatsApp link of the site and answers a
// 302 to the same wa.me address and text the link had before. No IP, no cookie: a listing, a day, a
// number. Bots and prefetches are not counted (the rules of the views: utils/bots.ts,
// server/visualizacoes-hook.ts). The count never delays nor breaks the redirect.
import { getAgency, getEnv } from "~/env.server";
import { jsonError } from "~/http/responses.server";
import { getPublicImovel } from "~/models/listings/imovel.server";
import { addToque } from "~/models/listings/whatsapp-toques.server";
import { logThrottled } from "~/services/log-throttle.server";
import { isBot } from "~/utils/bots";
import { ID_PATTERN } from "~/utils/paths";
import { listingWhatsappText } from "~/utils/whatsapp";
import type { Route } from "./+types/whatsapp";

const PREFETCH = /prefetch|preview/i;

export async function loader({ request }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get("imovel");
  if (raw !== null && raw !== "" && !ID_PATTERN.test(raw)) throw jsonError(400, "Imóvel inválido: use /whatsapp?imovel=<número>.");
  const agency = getAgency();
  let href = agency.whatsapp;
  let counted = 0;
  if (raw) {
    const imovel = await getPublicImovel(Number(raw));
    // A listing gone or inactive: the agency's number still answers, with no listing's text.
    if (imovel) {
      href = `${agency.whatsapp}?text=${encodeURIComponent(listingWhatsappText(imovel, `${getEnv().PUBLIC_URL}/imovel/${imovel.id}`))}`;
      counted = imovel.id;
    }
  }
  const purpose = request.headers.get("sec-purpose") ?? request.headers.get("purpose") ?? "";
  if (!isBot(request.headers.get("user-agent") ?? undefined) && !PREFETCH.test(purpose)) {
    addToque(counted).catch((err: unknown) => logThrottled("whatsapp:toque", { msg: "Toque no WhatsApp não contado", err }));
  }
  // no-store: a browser that kept the redirect would go straight to wa.me, and the next tap would not count.
  return new Response(null, { status: 302, headers: { Location: href, "Cache-Control": "no-store" } });
}
