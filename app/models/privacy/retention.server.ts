// LGPD (issue 24): a visitor's message is kept LEADS_RETENTION_DAYS (default 730), then the daily job
// anonymizes it. What stays, for the statistics: its kind, date, listing, the visit's day and period,
// and what an owner offered (purpose, type, bairro, price, the listing made of it). What goes: the
// notes of its atendimento (issue 34), the name (replaced by ANONYMIZED_NOME), e-mail, phone, text, the sender's address, the offered street
// address, the photos the owner sent (unless a listing uses them), the outbox row, and the personal
// fields of the history entries about it.
import { and, eq, inArray, lt, ne, sql } from "drizzle-orm";
import { getDb } from "../../db/client.server";
import { atendimentoEventos, mensagemEmails, mensagemFotos, mensagens } from "../../db/schema";
import { getEnv } from "../../env.server";
import { recordHistory, SYSTEM } from "../history/history.server";
import { removeUnusedImages } from "../listings/foto.server";
import { forgetInHistory } from "../history/history.server";

/** What an anonymized message shows as its sender in the inbox. */
export const ANONYMIZED_NOME = "(anonimizado)";
// One transaction per batch: the job never holds many rows locked while visitors write.
const BATCH = 500;

/**
 * Anonymizes the messages older than `days`; a message already anonymized (its e-mail blank) is not
 * touched again, so a second run in a day changes nothing. Returns how many it anonymized.
 */
export async function anonymizeExpiredMensagens(days = getEnv().LEADS_RETENTION_DAYS): Promise<{ mensagens: number; fotos: number }> {
  const cutoff = sql`NOW() - INTERVAL ${sql.raw(String(Math.max(1, Math.trunc(days))))} DAY`;
  const total = { mensagens: 0, fotos: 0 };
  for (;;) {
    const { ids, imgs } = await getDb().transaction(async (tx) => {
      const ids = (await tx.select({ id: mensagens.id }).from(mensagens).where(and(lt(mensagens.created_at, cutoff), ne(mensagens.email, ""))).limit(BATCH)).map((r) => r.id);
      if (!ids.length) return { ids, imgs: [] as string[] };
      const imgs = (await tx.select({ img: mensagemFotos.img }).from(mensagemFotos).where(inArray(mensagemFotos.mensagem_id, ids))).map((f) => f.img);
      await tx
        .update(mensagens)
        .set({ nome: ANONYMIZED_NOME, email: "", telefone: "", telefone_chave: "", mensagem: "", ip: "", captacao_endereco: null })
        .where(inArray(mensagens.id, ids));
      await tx.delete(mensagemFotos).where(inArray(mensagemFotos.mensagem_id, ids));
      await tx.delete(mensagemEmails).where(inArray(mensagemEmails.mensagem_id, ids));
      // An atendimento's notes are personal data (issue 34): they go; its stage changes (no words of
      // the person) stay for the funnel.
      await tx.delete(atendimentoEventos).where(and(inArray(atendimentoEventos.mensagem_id, ids), eq(atendimentoEventos.tipo, "nota")));
      await forgetInHistory(tx, ids);
      return { ids, imgs };
    });
    if (!ids.length) break;
    await removeUnusedImages(imgs);
    total.mensagens += ids.length;
    total.fotos += imgs.length;
  }
  if (total.mensagens) {
    await recordHistory(getDb(), SYSTEM, {
      acao: "dados_pessoais",
      resumo: `Retenção de ${days} dias: ${total.mensagens} mensagem(ns) anonimizada(s), ${total.fotos} foto(s) removida(s)`,
    });
  }
  return total;
}
