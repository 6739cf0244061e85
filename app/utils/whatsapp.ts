// The site's WhatsApp links (issue 34): every one goes through /whatsapp, which counts the tap and
// answers a 302 to the wa.me address. The link is the same for every visitor, so public pages stay
// in the page cache.

/** /whatsapp?imovel=<id> for a listing's button, /whatsapp for the header, footer and contact page. */
export const whatsappPath = (imovelId?: number) => (imovelId ? `/whatsapp?imovel=${imovelId}` : "/whatsapp");

/** The text a listing's 'Conversar pelo WhatsApp' fills in (the same as before the count). */
export function listingWhatsappText(i: { codigo: string | null; tipo: string; bairro: string; cidade: string }, url: string) {
  return `Olá! Tenho interesse no imóvel ${i.codigo} (${i.tipo} em ${i.bairro || i.cidade}): ${url}`;
}
