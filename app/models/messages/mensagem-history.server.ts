// How the admin history names a message: "Mensagem #12 (Contato)", never the sender's name, e-mail,
// phone or text (LGPD: a history entry must not become a copy of the person's data).
import type { Tx } from "../../db/client.server";
import { eq } from "drizzle-orm";
import { mensagens } from "../../db/schema";
import { recordHistory, type Actor, type HistoryKind } from "../history/history.server";

export function mensagemResumo(id: number, tipo: string | undefined) {
  return tipo ? `Mensagem #${id} (${tipo})` : `Mensagem #${id}`;
}

/** Records `acao` about message `mensagemId` inside `tx` (read before a delete: pass `tipo`). */
export async function recordMensagem(tx: Tx, actor: Actor, acao: HistoryKind, mensagemId: number, detail: string, tipo?: string) {
  const known = tipo ?? (await tx.select({ tipo: mensagens.tipo }).from(mensagens).where(eq(mensagens.id, mensagemId)).limit(1))[0]?.tipo;
  await recordHistory(tx, actor, { acao, mensagemId, resumo: `${mensagemResumo(mensagemId, known)}: ${detail}` });
}
