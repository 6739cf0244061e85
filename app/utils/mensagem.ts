// Messages (mensagens): the form's constants, and a message as the inbox and the agency e-mail
// show it. Browser-safe and without zod, so pages that must stay light (the property page) can use it.
import { whatsappUrl } from "./phone";

/** The honeypot's name: a field people never see, so only bots fill it. */
export const HONEYPOT_FIELD = "website";
export const MENSAGEM_SENT = "Contato enviado com sucesso!";
export const MENSAGEM_MAX = 2000;

/** A message is a contact, a visit request ('Agendar visita', issue 22), an owner offering a property ('Anuncie seu imóvel', issue 23) or a Temporada booking request ('Solicitar reserva', issue 33). */
export const MENSAGEM_TIPOS = ["Contato", "Visita", "Captação", "Reserva"] as const;
export type MensagemTipo = (typeof MENSAGEM_TIPOS)[number];
/** What an owner offers a property for ('Captação'). */
export const CAPTACAO_FINALIDADES = ["Venda", "Locação"] as const;
export type CaptacaoFinalidade = (typeof CAPTACAO_FINALIDADES)[number];
export const ANUNCIE_SENT = "Recebemos os dados do seu imóvel! Um corretor vai falar com você em breve.";
/** The periods a visitor may pick for a visit. */
export const VISITA_PERIODOS = ["manhã", "tarde"] as const;
export type VisitaPeriodo = (typeof VISITA_PERIODOS)[number];
/** How far ahead a visit may be asked for. */
export const VISITA_MAX_DIAS = 60;
export const VISITA_SENT = "Pedido de visita enviado! Vamos confirmar o horário com você.";
export const RESERVA_SENT = "Pedido de reserva enviado! A imobiliária confirma as datas com você.";

/** Today in the agency's time zone (Votuporanga: America/Sao_Paulo), as YYYY-MM-DD. */
export function agencyToday(now = new Date()) {
  // One formatter for the process: building one costs more than the property page's whole loader.
  agencyDay ??= new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" });
  return agencyDay.format(now);
}
let agencyDay: Intl.DateTimeFormat | undefined;

/** `day` (YYYY-MM-DD) plus `n` days. */
export function addDays(day: string, n: number) {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The days a visit may be asked for: from today to VISITA_MAX_DIAS ahead. */
export function visitaDias(now = new Date()) {
  const min = agencyToday(now);
  return { min, max: addDays(min, VISITA_MAX_DIAS) };
}

/** "03/12/2026 (manhã)" from the stored day (YYYY-MM-DD) and period. */
export function visitaText(v: { data: string; periodo: VisitaPeriodo }) {
  const [y, m, d] = v.data.split("-");
  return `${d}/${m}/${y} (${v.periodo})`;
}

export const EMAIL_STATUS_LABEL = { pendente: "pendente", enviado: "enviado", falhou: "falhou" } as const;
export type EmailStatus = keyof typeof EMAIL_STATUS_LABEL;

/** The listing a message is about, as the inbox and the e-mail name it. */
export type MensagemImovel = { id: number; codigo: string | null; endereco: string; numero: string; bairro: string };

/** The e-mail of a message as the inbox shows it; null when none was queued (no SMTP_URL then). */
export type MensagemEnvio = {
  status: EmailStatus;
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
  nextAttemptAt: string | null;
} | null;

/** One row of /admin/mensagens and the message page. */
export type MensagemView = {
  id: number;
  nome: string;
  email: string;
  telefone: string;
  mensagem: string;
  lida: boolean;
  arquivada: boolean;
  createdAt: string;
  imovel: MensagemImovel | null;
  /** A visit request's day and period; null for a contact. */
  visita: { data: string; periodo: VisitaPeriodo } | null;
  /** A booking request's stay ('Reserva', issue 33); null for other kinds. */
  reserva?: { chegada: string; saida: string; hospedes: number } | null;
  /** What an owner offers ('Captação'), its photos and the listing made of it; null otherwise. */
  captacao: MensagemCaptacao | null;
  /** The agency e-mail about it. */
  envio: MensagemEnvio;
};

export type MensagemCaptacao = {
  finalidade: CaptacaoFinalidade;
  tipo: string;
  bairro: string;
  endereco: string;
  /** the asking price as stored (DECIMAL), or null */
  preco: string | null;
  /** the served names of the photos, in the order sent */
  fotos: string[];
  /** the listing 'Criar imóvel' made of it */
  imovelId: number | null;
};

/** "Casa para venda – Centro, Rua Amazonas 100": what an owner offers, in one line. */
export function captacaoText(c: Pick<MensagemCaptacao, "finalidade" | "tipo" | "bairro" | "endereco">) {
  return `${c.tipo} para ${c.finalidade === "Venda" ? "venda" : "locação"} – ${[c.bairro, c.endereco].filter((s) => s.trim()).join(", ")}`;
}

/** "Rua Amazonas, 100" (the number only when there is one). */
export function enderecoOf(i: Pick<MensagemImovel, "endereco" | "numero">) {
  return [i.endereco, i.numero].filter((s) => s.trim()).join(", ");
}

/** The subject of a reply: 'Re: VT0042 – Rua Amazonas, 100', or about the agency without a listing. */
export function replySubject(imovel: MensagemImovel | null, agencyName: string) {
  if (!imovel) return `Re: Contato com ${agencyName}`;
  return `Re: ${[imovel.codigo, enderecoOf(imovel)].filter(Boolean).join(" – ")}`;
}

/** mailto: with the subject of a reply. */
export function replyMailto(m: Pick<MensagemView, "email" | "imovel">, agencyName: string) {
  return `mailto:${encodeURIComponent(m.email).replace(/%40/g, "@")}?subject=${encodeURIComponent(replySubject(m.imovel, agencyName))}`;
}

/** wa.me with the phone normalized to +55 and a greeting; null when the phone has no DDD. */
export function replyWhatsapp(m: Pick<MensagemView, "nome" | "telefone" | "imovel">, agencyName: string) {
  const first = m.nome.trim().split(/\s+/)[0] ?? "";
  const about = m.imovel?.codigo ? ` sobre o imóvel ${m.imovel.codigo}` : "";
  return whatsappUrl(m.telefone, `Olá, ${first}! Aqui é da ${agencyName}, recebemos sua mensagem${about}.`);
}

/** The inbox filters (produto §11): unread, everything, archived; visit requests (issue 22), owners' offers (issue 23). */
export const MENSAGEM_FILTERS = [
  { value: "nao-lidas", label: "Não lidas" },
  { value: "todas", label: "Todas" },
  { value: "arquivadas", label: "Arquivadas" },
  { value: "visitas", label: "Visitas" },
  { value: "captacoes", label: "Captações" },
  { value: "reservas", label: "Reservas" },
] as const;
export type MensagemFilter = (typeof MENSAGEM_FILTERS)[number]["value"];

/** The inbox search applies from this many characters (a DDD, 'VT0', a short name). */
export const INBOX_SEARCH_MIN = 2;
