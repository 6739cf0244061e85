// The history of admin changes (issue 24): every admin write records who, when, from where and
// what, in the write's own transaction, so a change and its entry are committed or lost together.
// The actor comes from the HTTP side (app/http/auth.server.ts#actorOf) or the command line, as a
// plain value: a model still knows nothing of the request (decision 0026).
import { inArray } from "drizzle-orm";
import { getDb, type Db, type Tx } from "../../db/client.server";
import { historico, type HistoricoMudanca } from "../../db/schema";

/** Who acts: an admin (from a session, a token or the CLI's `--como`), or the system (null id). */
export type Actor = { usuarioId: number | null; email: string | null; ip: string | null };

/** The daily job and the command line without an admin. */
export const SYSTEM: Actor = { usuarioId: null, email: null, ip: null };

/** The kinds of entry, with the words /admin/historico shows for each. */
export const HISTORY_KINDS = {
  imovel_criado: "Imóvel criado",
  imovel_editado: "Imóvel editado",
  imovel_excluido: "Imóvel excluído",
  imovel_ativado: "Imóvel ativado/desativado",
  imovel_portais: "Publicar nos portais",
  fotos_adicionadas: "Fotos adicionadas",
  foto_excluida: "Foto excluída",
  foto_capa: "Capa escolhida",
  foto_recorte: "Foto recortada",
  fotos_ordem: "Ordem das fotos",
  banner: "Banner",
  mensagem: "Mensagem",
  mensagem_excluida: "Mensagem excluída",
  atendimento: "Atendimento",
  senha_alterada: "Senha alterada",
  usuario: "Administrador",
  login: "Login",
  login_falhou: "Login recusado",
  dados_pessoais: "Dados de uma pessoa",
} as const;
export type HistoryKind = keyof typeof HISTORY_KINDS;

export type HistoryEntry = {
  acao: HistoryKind;
  imovelId?: number | null;
  mensagemId?: number | null;
  alvoUsuarioId?: number | null;
  resumo?: string | null;
  mudancas?: HistoricoMudanca[] | null;
};

/** Records one entry inside `tx` (the write's own transaction), or on its own when given the pool. */
export async function recordHistory(tx: Tx | Db, actor: Actor, entry: HistoryEntry) {
  await tx.insert(historico).values({
    usuario_id: actor.usuarioId,
    usuario_email: actor.email,
    ip: actor.ip,
    acao: entry.acao,
    imovel_id: entry.imovelId ?? null,
    mensagem_id: entry.mensagemId ?? null,
    alvo_usuario_id: entry.alvoUsuarioId ?? null,
    resumo: entry.resumo?.slice(0, 255) ?? null,
    mudancas: entry.mudancas?.length ? entry.mudancas : null,
  });
}

/** Records an entry outside any other write (a login, a refused login). */
export function recordHistoryAlone(actor: Actor, entry: HistoryEntry) {
  return recordHistory(getDb(), actor, entry);
}

const shown = (v: unknown): string | null => (v == null || v === "" ? null : v instanceof Date ? v.toISOString() : String(v));

/**
 * The fields whose value differs between `before` and `after` (only the keys of `after` are
 * compared), labelled with `labels` (the form's words) where one is given.
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  labels: Partial<Record<string, string>> = {},
): HistoricoMudanca[] {
  const out: HistoricoMudanca[] = [];
  for (const key of Object.keys(after)) {
    const de = shown(before[key]);
    const para = shown(after[key]);
    if (de !== para) out.push({ campo: labels[key] ?? key, de, para });
  }
  return out;
}

/**
 * What deleting and anonymizing a message both do to the history (issue 24; privacy/): an entry
 * about the message keeps its action, admin, address and time, and loses the words that may name the
 * person (`resumo`: a message's subject holds the sender's name) and the changed values. How many.
 */
export async function forgetInHistory(tx: Tx, mensagemIds: number[]) {
  if (!mensagemIds.length) return 0;
  const [res] = await tx.update(historico).set({ resumo: null, mudancas: null }).where(inArray(historico.mensagem_id, mensagemIds));
  return res.affectedRows;
}
