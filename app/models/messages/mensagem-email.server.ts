// What the agency e-mail of a message says (produto §11): subject with the listing's code, Reply-To the
// visitor, a plain-text and an HTML part. Every visitor text is escaped in the HTML part.
import type { OutgoingMail } from "../../services/mail.server";
import { escapeHtml } from "../../utils/escape";
import { formatDateTime } from "../../utils/format";
import { formatMoney } from "../../utils/format";
import { captacaoText, enderecoOf, visitaText, type MensagemImovel, type MensagemView } from "../../utils/mensagem";
import { estadiaText } from "../../utils/temporada";

export type MensagemEmail = {
  id: number;
  nome: string;
  email: string;
  telefone: string;
  mensagem: string;
  created_at: Date;
  imovel: MensagemImovel | null;
  visita: MensagemView["visita"];
  reserva?: MensagemView["reserva"];
  captacao: MensagemView["captacao"];
};

/** One line, for headers: a name with a line break must not start a new header. */
const oneLine = (s: string) => s.replace(/\s+/g, " ").trim();

export function emailSubject(m: Pick<MensagemEmail, "nome" | "imovel" | "visita" | "captacao" | "reserva">) {
  const nome = oneLine(m.nome);
  if (m.captacao) return `Imóvel oferecido pelo site: ${oneLine(captacaoText(m.captacao))} – ${nome}`;
  if (!m.imovel) return `Novo contato pelo site – ${nome}`;
  const about = [m.imovel.codigo, enderecoOf(m.imovel)].filter(Boolean).join(" – ");
  if (m.visita) return `Pedido de visita ${visitaText(m.visita)} ao imóvel ${about} – ${nome}`;
  if (m.reserva) return `Pedido de reserva ${estadiaText(m.reserva)} – imóvel ${about} – ${nome}`;
  return `Novo contato sobre o imóvel ${about} – ${nome}`;
}

export function composeEmail(m: MensagemEmail, site: { publicUrl: string; agencyName: string }): OutgoingMail {
  const base = site.publicUrl.replace(/\/$/, "");
  const inbox = `${base}/admin/mensagens/${m.id}`;
  const when = formatDateTime(m.created_at);
  const imovelUrl = m.imovel ? `${base}/imovel/${m.imovel.id}` : null;
  const imovelLine = m.imovel ? [m.imovel.codigo, enderecoOf(m.imovel), m.imovel.bairro].filter(Boolean).join(" – ") : null;
  const oferta = m.captacao ? oneLine(`${captacaoText(m.captacao)}${m.captacao.preco ? ` – ${formatMoney(m.captacao.preco)}` : ""}`) : null;
  const heading = m.captacao ? "Imóvel oferecido pelo site" : m.visita ? "Pedido de visita pelo site" : m.reserva ? "Pedido de reserva pelo site" : "Nova mensagem pelo site";

  const text = [
    `${m.captacao ? "Imóvel oferecido" : m.visita ? "Pedido de visita enviado" : m.reserva ? "Pedido de reserva enviado" : "Nova mensagem enviada"} pelo site em ${when}.`,
    "",
    `Nome: ${oneLine(m.nome)}`,
    `E-mail: ${m.email}`,
    `Telefone: ${oneLine(m.telefone)}`,
    ...(m.imovel ? [`Imóvel: ${imovelLine}`, `        ${imovelUrl}`] : []),
    ...(m.visita ? [`Visita: ${visitaText(m.visita)}`] : []),
    ...(m.reserva ? [`Reserva: ${estadiaText(m.reserva)} (nada foi reservado: confirme e bloqueie as datas)`] : []),
    ...(oferta ? [`Imóvel oferecido: ${oferta}`, "Fotos e 'Criar imóvel' na caixa de mensagens."] : []),
    "",
    "Mensagem:",
    m.mensagem,
    "",
    "--",
    `Responda a este e-mail para escrever a ${oneLine(m.nome)}.`,
    `Na caixa de mensagens: ${inbox}`,
  ].join("\n");

  const row = (label: string, value: string) =>
    `<tr><th align="left" style="padding:4px 12px 4px 0;color:#555;font-weight:normal">${label}</th><td style="padding:4px 0">${value}</td></tr>`;
  const html = `<!doctype html>
<html lang="pt-BR"><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933;line-height:1.5">
<h2 style="color:#0f3d5e;margin:0 0 8px">${heading}</h2>
<p style="margin:0 0 16px;color:#555">${escapeHtml(when)} · ${escapeHtml(site.agencyName)}</p>
<table style="border-collapse:collapse;margin-bottom:16px">
${row("Nome", escapeHtml(oneLine(m.nome)))}
${row("E-mail", `<a href="mailto:${escapeHtml(m.email)}">${escapeHtml(m.email)}</a>`)}
${row("Telefone", escapeHtml(oneLine(m.telefone)))}
${m.imovel ? row("Imóvel", `<a href="${escapeHtml(imovelUrl!)}">${escapeHtml(imovelLine!)}</a>`) : ""}
${m.visita ? row("Visita", escapeHtml(visitaText(m.visita))) : ""}
${m.reserva ? row("Reserva", escapeHtml(estadiaText(m.reserva))) : ""}
${oferta ? row("Imóvel oferecido", escapeHtml(oferta)) : ""}
</table>
<div style="white-space:pre-wrap;border-left:4px solid #0f3d5e;padding:8px 12px;background:#f5f7fa">${escapeHtml(m.mensagem)}</div>
<p style="margin-top:16px;color:#555;font-size:13px">Responda a este e-mail para escrever a ${escapeHtml(oneLine(m.nome))}.
<a href="${escapeHtml(inbox)}">Abrir na caixa de mensagens</a>.</p>
</body></html>`;

  return { subject: emailSubject(m), text, html, replyTo: { name: oneLine(m.nome), address: m.email } };
}
