// The admin's inbox (/admin/mensagens, produto §11): list and open, and the whole of it for the CSV
// (its changes: mensagem-actions).
import { and, asc, desc, eq, gte, inArray, ne, sql, type SQL } from "drizzle-orm";
import { getDb } from "../../db/client.server";
import { prepared } from "../../db/prepared.server";
import { imoveis, mensagemEmails, mensagemFotos, mensagens } from "../../db/schema";
import { INBOX_SEARCH_MIN, type MensagemCaptacao, type MensagemFilter, type MensagemImovel, type MensagemTipo, type MensagemView, type VisitaPeriodo } from "../../utils/mensagem";
import { paginate, type Page } from "../../utils/pagination";
import { EXPORT_MAX_ROWS } from "../listings/imovel-export.server";

// The columns a message is read with, shared by the inbox and the outbox (its e-mail).
export const mensagemColumns = {
  id: mensagens.id,
  nome: mensagens.nome,
  email: mensagens.email,
  telefone: mensagens.telefone,
  mensagem: mensagens.mensagem,
  created_at: mensagens.created_at,
  tipo: mensagens.tipo,
  visita_data: mensagens.visita_data,
  visita_periodo: mensagens.visita_periodo,
  reserva_chegada: mensagens.reserva_chegada,
  reserva_saida: mensagens.reserva_saida,
  reserva_hospedes: mensagens.reserva_hospedes,
  captacao_finalidade: mensagens.captacao_finalidade,
  captacao_tipo: mensagens.captacao_tipo,
  captacao_bairro: mensagens.captacao_bairro,
  captacao_endereco: mensagens.captacao_endereco,
  captacao_preco: mensagens.captacao_preco,
  captacao_imovel_id: mensagens.captacao_imovel_id,
};

type CaptacaoRow = {
  tipo: MensagemTipo;
  captacao_finalidade: MensagemCaptacao["finalidade"] | null;
  captacao_tipo: string | null;
  captacao_bairro: string | null;
  captacao_endereco: string | null;
  captacao_preco: string | null;
  captacao_imovel_id: number | null;
};

/** What an owner offers, from the message's columns (photos given apart); null for other kinds. */
export function captacaoOf(r: CaptacaoRow, fotos: string[] = []): MensagemCaptacao | null {
  if (r.tipo !== "Captação" || !r.captacao_finalidade) return null;
  return {
    finalidade: r.captacao_finalidade,
    tipo: r.captacao_tipo ?? "",
    bairro: r.captacao_bairro ?? "",
    endereco: r.captacao_endereco ?? "",
    preco: r.captacao_preco,
    fotos,
    imovelId: r.captacao_imovel_id,
  };
}

/** The photos of each 'Captação' message among `rows`, in one query. */
async function withFotos(rows: Row[]): Promise<MensagemView[]> {
  const ids = rows.filter((r) => r.tipo === "Captação").map((r) => r.id);
  const fotos = new Map<number, string[]>();
  if (ids.length) {
    const found = await getDb()
      .select({ mensagemId: mensagemFotos.mensagem_id, img: mensagemFotos.img })
      .from(mensagemFotos)
      .where(inArray(mensagemFotos.mensagem_id, ids))
      .orderBy(asc(mensagemFotos.mensagem_id), asc(mensagemFotos.position), asc(mensagemFotos.id));
    for (const f of found) fotos.set(f.mensagemId, [...(fotos.get(f.mensagemId) ?? []), f.img]);
  }
  return rows.map((r) => toView(r, fotos.get(r.id)));
}

/** A visit request's day and period, from the message's columns; null for a contact. */
export function visitaOf(r: { tipo: MensagemTipo; visita_data: string | null; visita_periodo: VisitaPeriodo | null }) {
  return r.tipo === "Visita" && r.visita_data && r.visita_periodo ? { data: r.visita_data, periodo: r.visita_periodo } : null;
}

/** A booking request's stay, from the message's columns; null for other kinds. */
export function reservaOf(r: { tipo: MensagemTipo; reserva_chegada: string | null; reserva_saida: string | null; reserva_hospedes: number | null }) {
  return r.tipo === "Reserva" && r.reserva_chegada && r.reserva_saida ? { chegada: r.reserva_chegada, saida: r.reserva_saida, hospedes: r.reserva_hospedes ?? 1 } : null;
}

/** The listing of a message, read through `LEFT JOIN imoveis` (all null when there is none). */
export const imovelRefColumns = {
  imovelId: imoveis.id,
  codigo: imoveis.codigo,
  endereco: imoveis.endereco,
  numero: imoveis.numero,
  bairro: imoveis.bairro,
};

type ImovelRefRow = { imovelId: number | null; codigo: string | null; endereco: string | null; numero: string | null; bairro: string | null };

export function imovelRefOf(r: ImovelRefRow): MensagemImovel | null {
  return r.imovelId == null ? null : { id: r.imovelId, codigo: r.codigo, endereco: r.endereco ?? "", numero: r.numero ?? "", bairro: r.bairro ?? "" };
}

export const INBOX_PAGE_SIZE = 20;

const columns = {
  ...mensagemColumns,
  lida: mensagens.lida,
  arquivada: mensagens.arquivada,
  ...imovelRefColumns,
  emailStatus: mensagemEmails.status,
  attempts: mensagemEmails.attempts,
  lastError: mensagemEmails.last_error,
  sentAt: mensagemEmails.sent_at,
  nextAttemptAt: mensagemEmails.next_attempt_at,
};
type Row = Awaited<ReturnType<typeof selectViews>>[number];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toView(r: Row, fotos?: string[]): MensagemView {
  return {
    id: r.id,
    nome: r.nome,
    email: r.email,
    telefone: r.telefone,
    mensagem: r.mensagem,
    lida: !!r.lida,
    arquivada: !!r.arquivada,
    createdAt: r.created_at.toISOString(),
    imovel: imovelRefOf(r),
    visita: visitaOf(r),
    reserva: reservaOf(r),
    captacao: captacaoOf(r, fotos),
    envio: r.emailStatus
      ? { status: r.emailStatus, attempts: r.attempts ?? 0, lastError: r.lastError, sentAt: iso(r.sentAt), nextAttemptAt: iso(r.nextAttemptAt) }
      : null,
  };
}

const unread = and(eq(mensagens.arquivada, false), eq(mensagens.lida, false))!;

/**
 * The conditions of a listing of the inbox. Each filter has its index (schema.ts): 'Não lidas'
 * (arquivada, lida, created_at), 'Arquivadas' (arquivada, created_at), 'Visitas' and 'Captações' (tipo, created_at),
 * 'Todas' and 'dias' (created_at). The search uses LIKE '%…%', which no index serves: it reads the filter's rows,
 * newest first, until a page is full (the bench measures it).
 */
export function inboxWhere(opts: InboxQuery) {
  const conds: SQL[] = [];
  if (opts.filter === "nao-lidas") conds.push(unread);
  if (opts.filter === "arquivadas") conds.push(eq(mensagens.arquivada, true));
  if (opts.filter === "visitas") conds.push(eq(mensagens.tipo, "Visita"));
  if (opts.filter === "reservas") conds.push(eq(mensagens.tipo, "Reserva"));
  if (opts.filter === "captacoes") conds.push(eq(mensagens.tipo, "Captação"));
  if (opts.dias) conds.push(gte(mensagens.created_at, sql`NOW() - INTERVAL ${opts.dias} DAY`));
  const q = opts.q?.trim() ?? "";
  if (q.length >= INBOX_SEARCH_MIN) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const alternatives = [sql`${mensagens.nome} LIKE ${like}`, sql`${mensagens.email} LIKE ${like}`, sql`${mensagens.telefone} LIKE ${like}`, sql`${imoveis.codigo} LIKE ${like}`];
    // Phones are typed in every shape ('(17) 99123-4567', '17991234567'): compare their digits.
    const digits = q.replace(/\D/g, "");
    if (digits.length >= 4 && /^[\d\s()+.-]+$/.test(q)) {
      alternatives.push(sql`REGEXP_REPLACE(${mensagens.telefone}, '[^0-9]', '') LIKE ${`%${digits}%`}`);
    }
    conds.push(sql`(${sql.join(alternatives, sql` OR `)})`);
  }
  return conds.length ? and(...conds) : undefined;
}

export type InboxQuery = { filter: MensagemFilter; q?: string; dias?: number; page?: number; pageSize?: number };

function selectViews() {
  return getDb()
    .select(columns)
    .from(mensagens)
    .leftJoin(imoveis, eq(imoveis.id, mensagens.imovel_id))
    .leftJoin(mensagemEmails, eq(mensagemEmails.mensagem_id, mensagens.id));
}

/** A page of the inbox, newest first. */
export function listMensagens(opts: InboxQuery): Promise<Page<MensagemView>> {
  const where = inboxWhere(opts);
  const db = getDb();
  // Only a search looks at the listing's code: without one the count needs no join.
  const count = db.select({ n: sql<number>`COUNT(*)` }).from(mensagens);
  return paginate(
    async () => (await (opts.q?.trim() ? count.leftJoin(imoveis, eq(imoveis.id, mensagens.imovel_id)) : count).where(where))[0].n,
    async (limit, offset) =>
      withFotos(await selectViews().where(where).orderBy(desc(mensagens.created_at), desc(mensagens.id)).limit(limit).offset(offset)),
    opts.page,
    opts.pageSize ?? INBOX_PAGE_SIZE,
  );
}

// Every admin page's bar asks the first (admin.tsx), 'Home admin' both: prepared (db/prepared.server.ts).
const countOf = (where: SQL) => prepared((db) => db.select({ n: sql<number>`COUNT(*)` }).from(mensagens).where(where).prepare());
const unreadQuery = countOf(and(unread, ne(mensagens.id, sql.placeholder("opening")))!);
const last7DaysQuery = countOf(gte(mensagens.created_at, sql`NOW() - INTERVAL 7 DAY`));

/**
 * 'Mensagens (N)' of the admin bar: unread and not archived. `opening` is a message being opened
 * by the same request (its page marks it read concurrently): it counts as read already.
 */
export async function countUnread(opening?: number) {
  // No message has id 0: without one being opened, the same prepared query counts them all.
  const [{ n }] = await unreadQuery().execute({ opening: opening ?? 0 });
  return Number(n);
}

/** 'Home admin': messages of the last 7 days (archived too) and the unread ones. */
export async function inboxSummary() {
  const [[{ n }], unreadNow] = await Promise.all([last7DaysQuery().execute(), countUnread()]);
  return { last7Days: Number(n), unread: unreadNow };
}

export async function getMensagem(id: number): Promise<MensagemView | null> {
  const [row] = await selectViews().where(eq(mensagens.id, id)).limit(1);
  return row ? (await withFotos([row]))[0] : null;
}

/**
 * Opening a message shows it whole and marks it read; null when there is no such message. Not in
 * the history: reading is no change an admin makes (the buttons 'Lida'/'Não lida' are recorded).
 */
export async function openMensagem(id: number) {
  const m = await getMensagem(id);
  if (m && !m.lida) {
    await getDb().update(mensagens).set({ lida: true }).where(eq(mensagens.id, id));
    m.lida = true;
  }
  return m;
}

// The admin's changes of a message (read, archive, delete): mensagem-actions.server.ts.

/**
 * The inbox whole, for its CSV export (issue 24): every message the inbox's filters and search
 * select (not one page), newest first, with the listing it is about.
 */
export function listMensagensExport(query: Omit<InboxQuery, "page" | "pageSize">) {
  return getDb()
    .select({ ...mensagemColumns, lida: mensagens.lida, arquivada: mensagens.arquivada, imovelCodigo: imoveis.codigo })
    .from(mensagens)
    .leftJoin(imoveis, eq(imoveis.id, mensagens.imovel_id))
    .where(inboxWhere(query))
    .orderBy(desc(mensagens.created_at), desc(mensagens.id))
    .limit(EXPORT_MAX_ROWS);
}

export type MensagemExportRow = Awaited<ReturnType<typeof listMensagensExport>>[number];
