// Atendimentos (issue 34): every visitor's message is a lead followed from 'Novo' to a close. The
// stages, the motives of a lost one, the origins, the board's filters. Browser-safe and without zod.
import { MENSAGEM_TIPOS, type MensagemTipo } from "./mensagem";

/** The stages in order; 'Perdido' leaves the path with a motive. */
export const ETAPAS = ["Novo", "Em atendimento", "Visita", "Proposta", "Fechado", "Perdido"] as const;
export type Etapa = (typeof ETAPAS)[number];
/** The stages of an atendimento still open (a follow-up can be late). */
export const ETAPAS_ABERTAS = ["Novo", "Em atendimento", "Visita", "Proposta"] as const satisfies readonly Etapa[];
/** The path a lead walks ('Perdido' is not on it): the funnel counts how far each one got. */
export const ETAPAS_FUNIL = ["Novo", "Em atendimento", "Visita", "Proposta", "Fechado"] as const;
/** How far along the path a stage is (0 'Novo' … 4 'Fechado'); -1 for 'Perdido'. */
export const etapaOrdem = (e: Etapa) => (ETAPAS_FUNIL as readonly string[]).indexOf(e);

export const MOTIVOS = ["Já comprou/alugou", "Sem resposta", "Fora do perfil", "Preço", "Outro"] as const;
export type Motivo = (typeof MOTIVOS)[number];

/**
 * The origins a lead comes from, one per message kind, as the board and the charts name them. A new
 * kind of message (MENSAGEM_TIPOS) needs one line here; `origemOf` falls back to its own name.
 */
export const ORIGEM_LABEL: Partial<Record<MensagemTipo, string>> = {
  Contato: "Formulário",
  Visita: "Visita",
  Captação: "Proprietário",
  Reserva: "Reserva",
};
export const origemOf = (tipo: string) => ORIGEM_LABEL[tipo as MensagemTipo] ?? tipo;
export const ORIGENS = MENSAGEM_TIPOS.map((tipo) => ({ tipo, label: origemOf(tipo) }));

/** The board's quick filters. */
export const ATENDIMENTO_FILTROS = [
  { value: "todos", label: "Todos" },
  { value: "meus", label: "Meus" },
  { value: "sem-responsavel", label: "Sem responsável" },
  { value: "atrasados", label: "Atrasados" },
] as const;
export type AtendimentoFiltro = (typeof ATENDIMENTO_FILTROS)[number]["value"];

/** The board's query: quick filter, a listing (code or id), an origin (message kind). */
export type AtendimentoQuery = { filtro: AtendimentoFiltro; imovel: string; origem: MensagemTipo | "" };

/** Cards shown per column; the count says how many there are. */
export const CARDS_PER_COLUMN = 30;

/** The kinds of timeline entry. */
export const EVENTO_TIPOS = ["nota", "etapa", "responsavel", "retorno"] as const;
export type EventoTipo = (typeof EVENTO_TIPOS)[number];

/** One card of the board. */
export type AtendimentoCard = {
  id: number;
  nome: string;
  tipo: string;
  etapa: Etapa;
  createdAt: string;
  retornarEm: string | null;
  atrasado: boolean;
  responsavel: string | null;
  imovelCodigo: string | null;
};

/** The São Paulo wall-clock value of a datetime-local field for an instant ("2026-11-27T09:30"). */
export function toLocalInput(iso: string | null) {
  if (!iso) return "";
  // Brazil has had no daylight saving time since 2019: São Paulo is UTC−3 all year.
  return new Date(new Date(iso).getTime() - 3 * 3_600_000).toISOString().slice(0, 16);
}

/** The instant of a datetime-local value read as São Paulo time; null when it is not one. */
export function fromLocalInput(v: string) {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(v)) return null;
  const d = new Date(`${v}:00-03:00`);
  return Number.isNaN(d.getTime()) ? null : d;
}
