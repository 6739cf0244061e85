// What an alert's e-mails say (issue 32 §2): the confirmation and the digest. Both have an HTML part
// made of tables and inline styles (what mail clients render alike) and a plain-text alternative,
// absolute links (PUBLIC_URL), the cover as an absolute JPEG (clients that block WebP or SVG still
// show it), prices in pt-BR, and the unsubscribe link both in the body and in the headers
// List-Unsubscribe / List-Unsubscribe-Post (RFC 2369, RFC 8058: a POST cancels without a page).
import type { OutgoingMail } from "../../services/mail.server";
import { escapeHtml } from "../../utils/escape";
import { formatMoney } from "../../utils/format";
import { imgUrl } from "../../utils/img";
import type { ImovelCardData } from "../../utils/imovel";
import { alertaPath, alertaPaths, alertaText, type AlertaBusca } from "../../utils/alertas";
import { parseListFilter } from "../../utils/search-schema";

export type Site = { publicUrl: string; agencyName: string };
export type AlertaMailInput = { email: string; busca: AlertaBusca; token: string };

const PRICE_SUFFIX: Record<string, string> = { Locação: " /mês", Temporada: " /diária", Venda: "" };

function linksOf(a: AlertaMailInput, site: Site) {
  const base = site.publicUrl.replace(/\/$/, "");
  return {
    base,
    busca: base + alertaPath(a.busca),
    confirmar: base + alertaPaths.confirmar(a.token),
    sair: base + alertaPaths.sair(a.token),
    gerenciar: base + alertaPaths.gerenciar(a.token),
  };
}

const unsubscribeHeaders = (sair: string) => ({ "List-Unsubscribe": `<${sair}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });

const button = (href: string, label: string) =>
  `<a href="${escapeHtml(href)}" style="display:inline-block;background:#0f3d5e;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 22px;border-radius:6px">${escapeHtml(label)}</a>`;

function frame(site: Site, title: string, body: string, footer: string) {
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f2f4f7">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f2f4f7"><tr><td align="center" style="padding:16px 8px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;font-family:Arial,Helvetica,sans-serif;color:#1f2933;line-height:1.5">
<tr><td style="background:#0f3d5e;color:#ffffff;padding:16px 24px;font-size:18px;font-weight:bold;border-radius:8px 8px 0 0">${escapeHtml(site.agencyName)}</td></tr>
<tr><td style="padding:24px">${body}</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e4e7eb;color:#616e7c;font-size:12px">${footer}</td></tr>
</table></td></tr></table>
</body></html>`;
}

/** The one e-mail sent before the visitor confirms: "Confirme seu alerta de imóveis". */
export function composeConfirmacao(a: AlertaMailInput, site: Site): OutgoingMail {
  const l = linksOf(a, site);
  const busca = alertaText(a.busca, parseListFilter(new URLSearchParams(a.busca.consulta)));
  const subject = "Confirme seu alerta de imóveis";
  const text = [
    `Você pediu para receber por e-mail os novos imóveis desta busca em ${site.agencyName}:`,
    busca,
    l.busca,
    "",
    "Para confirmar, abra o link abaixo e clique em 'Confirmar':",
    l.confirmar,
    "",
    "Se não foi você, ignore este e-mail: sem confirmação, nada mais é enviado e o pedido é apagado em 7 dias.",
    `Cancelar: ${l.sair}`,
  ].join("\n");
  const html = frame(
    site,
    subject,
    `<h1 style="font-size:22px;margin:0 0 12px;color:#0f3d5e">${subject}</h1>
<p style="margin:0 0 8px">Você pediu para receber por e-mail os novos imóveis desta busca:</p>
<p style="margin:0 0 20px"><a href="${escapeHtml(l.busca)}" style="color:#0f3d5e;font-weight:bold">${escapeHtml(busca)}</a></p>
<p style="margin:0 0 24px">${button(l.confirmar, "Confirmar alerta")}</p>
<p style="margin:0;color:#616e7c;font-size:14px">Se não foi você, ignore este e-mail: sem confirmação, nada mais é enviado e o pedido é apagado em 7 dias.</p>`,
    `<a href="${escapeHtml(l.sair)}" style="color:#616e7c">Cancelar este alerta</a>`,
  );
  return { subject, text, html, to: a.email, headers: unsubscribeHeaders(l.sair) };
}

const cardTitle = (c: ImovelCardData) => [c.tipo, c.bairro].filter(Boolean).join(" · ");
const priceOf = (c: ImovelCardData) => `${formatMoney(c.preco)}${PRICE_SUFFIX[c.status] ?? ""}`;

/** A digest shows its newest this many listings, each with its photo… */
export const DIGEST_SHOWN = 12;
/** …and counts up to this many ('mais de 100' past it): the rest are a click away, on the search. */
export const DIGEST_COUNTED = 100;

/** "3 novos imóveis", "Um novo imóvel", "mais de 100 novos imóveis". */
const howMany = (n: number, one = "um novo imóvel") => (n === 1 ? one : `${n > DIGEST_COUNTED ? `mais de ${DIGEST_COUNTED}` : n} novos imóveis`);
const capital = (s: string) => s[0].toUpperCase() + s.slice(1);

/**
 * The digest: the new listings of the alert's search (the newest first, as many as the digest kept),
 * the newest DIGEST_SHOWN each with its photo, price, tipo, bairro and link, and how many more;
 * `pastCount` when the digest kept more than DIGEST_COUNTED.
 */
export function composeResumo(a: AlertaMailInput, all: ImovelCardData[], site: Site, pastCount = all.length > DIGEST_COUNTED): OutgoingMail {
  const l = linksOf(a, site);
  const busca = alertaText(a.busca, parseListFilter(new URLSearchParams(a.busca.consulta)));
  // Past the count when queued, even if some have left the site since.
  const n = pastCount ? DIGEST_COUNTED + 1 : all.length;
  const cards = all.slice(0, DIGEST_SHOWN);
  const rest = n - cards.length;
  const more = rest > 0 ? `E mais ${n > DIGEST_COUNTED ? `de ${DIGEST_COUNTED - DIGEST_SHOWN}` : rest} na sua busca: veja todos no site.` : null;
  const subject = `${capital(howMany(n, "1 novo imóvel"))} para a sua busca: ${busca}`.replace(/\s+/g, " ");
  const url = (c: ImovelCardData) => `${l.base}/imovel/${c.id}`;
  const text = [
    `${capital(howMany(n))} para a sua busca em ${site.agencyName}:`,
    busca,
    "",
    ...cards.flatMap((c) => [`${cardTitle(c)} – ${priceOf(c)}${c.codigo ? ` (${c.codigo})` : ""}`, url(c), ""]),
    ...(more ? [more, ""] : []),
    `Ver a busca no site: ${l.busca}`,
    "",
    `Mudar a frequência ou cancelar: ${l.gerenciar}`,
    `Cancelar este alerta: ${l.sair}`,
  ].join("\n");
  const item = (c: ImovelCardData) => `<tr><td style="padding:0 0 20px">
<a href="${escapeHtml(url(c))}" style="text-decoration:none;color:#1f2933">
${c.capa ? `<img src="${escapeHtml(l.base + imgUrl(c.capa))}" width="552" alt="${escapeHtml(cardTitle(c))}" style="display:block;width:100%;max-width:552px;height:auto;border:0;border-radius:6px">` : ""}
<p style="margin:8px 0 0;font-size:20px;font-weight:bold;color:#0f3d5e">${escapeHtml(priceOf(c))}</p>
<p style="margin:2px 0 0;font-size:16px">${escapeHtml(cardTitle(c))}</p>
<p style="margin:2px 0 0;font-size:13px;color:#616e7c">${escapeHtml([c.status, c.codigo, c.quartos ? `${c.quartos} quarto(s)` : null].filter(Boolean).join(" · "))}</p>
</a>
<p style="margin:8px 0 0"><a href="${escapeHtml(url(c))}" style="color:#0f3d5e;font-weight:bold">Ver imóvel</a></p>
</td></tr>`;
  const html = frame(
    site,
    subject,
    `<h1 style="font-size:22px;margin:0 0 4px;color:#0f3d5e">${capital(howMany(n))} para a sua busca</h1>
<p style="margin:0 0 20px"><a href="${escapeHtml(l.busca)}" style="color:#616e7c">${escapeHtml(busca)}</a></p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${cards.map(item).join("\n")}</table>
${more ? `<p style="margin:0 0 16px;font-size:16px"><a href="${escapeHtml(l.busca)}" style="color:#0f3d5e">${escapeHtml(more)}</a></p>` : ""}
<p style="margin:0">${button(l.busca, "Ver a busca no site")}</p>`,
    `Você recebe este e-mail porque criou um alerta de imóveis em ${escapeHtml(site.agencyName)}.
<a href="${escapeHtml(l.gerenciar)}" style="color:#616e7c">Mudar a frequência</a> ·
<a href="${escapeHtml(l.sair)}" style="color:#616e7c">Cancelar este alerta</a>`,
  );
  return { subject, text, html, to: a.email, headers: unsubscribeHeaders(l.sair) };
}
