// LGPD (issue 24): whom 'Dados de uma pessoa' looks for, and how a phone is compared. Browser-safe.

/** A person, as the admin names them: by e-mail (any case) or by phone (any formatting). */
export type PersonKey = { email: string } | { telefone: string };

/**
 * The comparable digits of a phone: formatting, a trunk 0 and Brazil's country code 55 dropped, so
 * "(17) 99123-4567", "17991234567", "+55 17 99123-4567" and "017 99123-4567" are one number.
 * The SQL twin is `phoneKeySql` (models/privacy/personal-data.server.ts): keep them in step.
 */
export function phoneKey(phone: string) {
  const d = phone.replace(/\D/g, "").replace(/^0+/, "");
  return (d.length === 12 || d.length === 13) && d.startsWith("55") ? d.slice(2) : d;
}

export const PERSONAL_DATA = "/admin/dados-pessoais";

/** A page's link for the person `q` (its search, export or deletion). */
export const personalDataHref = (path: string, q: string) => `${path}?${new URLSearchParams({ q })}`;

/** The text shown and put in URLs for a person: the e-mail or the phone as typed. */
export const personText = (who: PersonKey) => ("email" in who ? who.email : who.telefone);

/** One message held about a person, as the admin page shows it and the export writes it. */
export type PersonalMensagem = {
  id: number;
  tipo: string;
  criada_em: string;
  nome: string;
  email: string;
  telefone: string;
  mensagem: string;
  ip: string;
  imovel: { id: number; codigo: string | null } | null;
  visita: { data: string; periodo: string } | null;
  captacao: { finalidade: string | null; tipo: string | null; bairro: string | null; endereco: string | null; preco: string | null } | null;
  fotos: string[];
  emails: { status: string; tentativas: number; criado_em: string; enviado_em: string | null; ultimo_erro: string | null }[];
  /** The atendimento's stage and its timeline: notes and changes, with author and time (issue 34). */
  atendimento: { etapa: string; motivo: string | null; retornar_em: string | null; anotacoes: { em: string; autor: string | null; tipo: string; texto: string }[] };
};

/** One e-mail alert of new listings (issue 32 §2), as the admin page shows it and the export writes it. */
export type PersonalAlerta = {
  id: number;
  email: string;
  /** The list page's address it follows. */
  busca: string;
  frequencia: string;
  criado_em: string;
  confirmado_em: string | null;
  ip: string;
  emails: { tipo: string; dia: string; status: string; enviado_em: string | null }[];
};

/** What the agency holds about a person (favourites hold no identity and are not part of it). */
export type PersonalData = { busca: string; mensagens: PersonalMensagem[]; alertas: PersonalAlerta[] };

/** The counts a deletion reports (and records in the history: no personal data there). */
export type PersonalDataDeleted = { mensagens: number; fotos: number; emails: number; historico: number; alertas: number };
