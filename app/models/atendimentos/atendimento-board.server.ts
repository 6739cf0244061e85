// /admin/atendimentos (issue 34): one column per stage with its count and its newest cards, under
// the board's filters. Archived messages are left out (the inbox's 'Arquivar' means "nothing more
// to do"). Every read goes through an index of mensagens (schema-messages.ts).
import { and, desc, eq, inArray, isNull, lt, sql, type SQL } from "drizzle-orm";
import { getDb, type Db } from "../../db/client.server";
import { imoveis, mensagens, usuarios } from "../../db/schema";
import { EXPORT_MAX_ROWS } from "../listings/imovel-export.server";
import { CARDS_PER_COLUMN, ETAPAS, ETAPAS_ABERTAS, type AtendimentoCard, type AtendimentoQuery, type Etapa } from "../../utils/atendimento";

/** The WHERE of the board's filters for admin `me` (without the stage). */
export async function boardWhere(q: AtendimentoQuery, me: number): Promise<SQL> {
  const parts: SQL[] = [eq(mensagens.arquivada, false)];
  if (q.filtro === "meus") parts.push(eq(mensagens.responsavel_id, me));
  if (q.filtro === "sem-responsavel") parts.push(isNull(mensagens.responsavel_id));
  // The open stages named (not "NOT IN the closed ones"): each is a range of board_retorno_idx.
  if (q.filtro === "atrasados") parts.push(inArray(mensagens.etapa, ETAPAS_ABERTAS), lt(mensagens.retornar_em, sql`NOW()`));
  if (q.origem) parts.push(eq(mensagens.tipo, q.origem));
  if (q.imovel) {
    // A code (VT0042) or an id; a listing that does not exist matches nothing.
    const id = /^\d{1,9}$/.test(q.imovel) ? Number(q.imovel) : null;
    const [row] = id
      ? [{ id }]
      : await getDb().select({ id: imoveis.id }).from(imoveis).where(eq(imoveis.codigo, q.imovel.toUpperCase())).limit(1);
    parts.push(eq(mensagens.imovel_id, row?.id ?? 0));
  }
  return and(...parts) as SQL;
}

const isAberta = (e: Etapa) => (ETAPAS_ABERTAS as readonly Etapa[]).includes(e);

export const cardColumns = {
  id: mensagens.id,
  nome: mensagens.nome,
  tipo: mensagens.tipo,
  etapa: mensagens.etapa,
  created_at: mensagens.created_at,
  retornar_em: mensagens.retornar_em,
  atrasado: sql<number>`(${mensagens.retornar_em} < NOW())`,
  responsavelNome: usuarios.nome,
  responsavelEmail: usuarios.email,
  imovelCodigo: imoveis.codigo,
};

type CardRow = {
  id: number;
  nome: string;
  tipo: string;
  etapa: Etapa;
  created_at: Date;
  retornar_em: Date | null;
  atrasado: number | null;
  responsavelNome: string | null;
  responsavelEmail: string | null;
  imovelCodigo: string | null;
};

export const cardOf = (r: CardRow): AtendimentoCard => ({
  id: r.id,
  nome: r.nome,
  tipo: r.tipo,
  etapa: r.etapa,
  createdAt: r.created_at.toISOString(),
  retornarEm: r.retornar_em?.toISOString() ?? null,
  atrasado: Boolean(Number(r.atrasado)) && isAberta(r.etapa),
  responsavel: r.responsavelNome || r.responsavelEmail,
  imovelCodigo: r.imovelCodigo,
});

/** The select of the cards' columns from mensagens with their owner and listing, on `db`. */
export const cardsFrom = (db: Db) =>
  db.select(cardColumns).from(mensagens).leftJoin(usuarios, eq(usuarios.id, mensagens.responsavel_id)).leftJoin(imoveis, eq(imoveis.id, mensagens.imovel_id));

/** The cards of `where`, newest first, with their owner and listing. */
export async function cardsWhere(where: SQL, limit: number, order: SQL[] = [desc(mensagens.created_at), desc(mensagens.id)]) {
  const rows = await cardsFrom(getDb())
    .where(where)
    .orderBy(...order)
    .limit(limit);
  return rows.map(cardOf);
}

export type BoardColumn = { etapa: Etapa; total: number; cards: AtendimentoCard[] };

/** The board: every stage, its count under the filters and its newest CARDS_PER_COLUMN cards. */
export async function atendimentoBoard(q: AtendimentoQuery, me: number): Promise<BoardColumn[]> {
  const where = await boardWhere(q, me);
  const db = getDb();
  const [counts, ...cards] = await Promise.all([
    db.select({ etapa: mensagens.etapa, n: sql<string>`COUNT(*)` }).from(mensagens).where(where).groupBy(mensagens.etapa),
    // 'Atrasados' leaves out the closed stages: asking their columns anyway would read every closed
    // row to find none (1.7 s at 100,000 messages, docs/performance.md).
    ...ETAPAS.map((etapa) =>
      q.filtro === "atrasados" && !isAberta(etapa)
        ? Promise.resolve([])
        : cardsWhere(and(where, eq(mensagens.etapa, etapa)) as SQL, CARDS_PER_COLUMN),
    ),
  ]);
  const total = new Map(counts.map((c) => [c.etapa, Number(c.n)]));
  return ETAPAS.map((etapa, i) => ({ etapa, total: total.get(etapa) ?? 0, cards: cards[i] }));
}

/** The board whole, for its CSV: every atendimento its filters select (up to EXPORT_MAX_ROWS), newest first. */
export async function atendimentosExport(q: AtendimentoQuery, me: number) {
  const where = await boardWhere(q, me);
  return getDb()
    .select({ ...cardColumns, email: mensagens.email, telefone: mensagens.telefone, motivo: mensagens.motivo })
    .from(mensagens)
    .leftJoin(usuarios, eq(usuarios.id, mensagens.responsavel_id))
    .leftJoin(imoveis, eq(imoveis.id, mensagens.imovel_id))
    .where(where)
    .orderBy(desc(mensagens.created_at), desc(mensagens.id))
    .limit(EXPORT_MAX_ROWS);
}
export type AtendimentoExportRow = Awaited<ReturnType<typeof atendimentosExport>>[number];
