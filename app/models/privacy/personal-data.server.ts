// LGPD (issue 24), 'Dados de uma pessoa': everything the agency holds about one e-mail or phone —
// their messages of every kind, the photos an owner sent, the e-mails of those messages in the outbox,
// their e-mail alerts of new listings (issue 32) —
// to export it (art. 18: access, portability) or delete it (art. 18: deletion). Favourites are not
// looked at: the cookie holds listing ids and no identity.
import { asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { getDb } from "../../db/client.server";
import { atendimentoEventos, imoveis, mensagemEmails, mensagemFotos, mensagens } from "../../db/schema";
import { phoneKey, personText, type PersonalData, type PersonalDataDeleted, type PersonalMensagem, type PersonKey } from "../../utils/personal-data";
import { recordHistory, type Actor } from "../history/history.server";
import { removeUnusedImages } from "../listings/foto.server";
import { forgetInHistory } from "../history/history.server";
import { deleteAlertasOf, findAlertasOf } from "../alerts/alerta-personal.server";

/**
 * utils/personal-data.ts#phoneKey in SQL: digits only, leading zeros off, a 55 before a 10–11 digit
 * number off. A scan of `mensagens` (no index can hold it): an admin's occasional look-up.
 */
export function phoneKeySql(column: SQL | typeof mensagens.telefone) {
  const d = sql`TRIM(LEADING '0' FROM REGEXP_REPLACE(${column}, '[^0-9]', ''))`;
  return sql`(CASE WHEN CHAR_LENGTH(${d}) IN (12, 13) AND LEFT(${d}, 2) = '55' THEN SUBSTRING(${d}, 3) ELSE ${d} END)`;
}

/** The messages of a person: the e-mail in any case, the phone in any formatting. */
export function personWhere(who: PersonKey): SQL {
  return "email" in who
    ? sql`LOWER(${mensagens.email}) = ${who.email.trim().toLowerCase()}`
    : sql`${phoneKeySql(mensagens.telefone)} = ${phoneKey(who.telefone)}`;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Everything held about `who`, newest message first. */
export async function findPersonalData(who: PersonKey): Promise<PersonalData> {
  const db = getDb();
  const rows = await db
    .select({ m: mensagens, codigo: imoveis.codigo })
    .from(mensagens)
    .leftJoin(imoveis, eq(imoveis.id, mensagens.imovel_id))
    .where(personWhere(who))
    .orderBy(desc(mensagens.created_at), desc(mensagens.id));
  const ids = rows.map((r) => r.m.id);
  const fotos = ids.length
    ? await db.select().from(mensagemFotos).where(inArray(mensagemFotos.mensagem_id, ids)).orderBy(asc(mensagemFotos.position), asc(mensagemFotos.id))
    : [];
  const emails = ids.length ? await db.select().from(mensagemEmails).where(inArray(mensagemEmails.mensagem_id, ids)) : [];
  const eventos = ids.length
    ? await db.select().from(atendimentoEventos).where(inArray(atendimentoEventos.mensagem_id, ids)).orderBy(asc(atendimentoEventos.em), asc(atendimentoEventos.id))
    : [];
  const mensagensOut = rows.map(({ m, codigo }): PersonalMensagem => ({
    id: m.id,
    tipo: m.tipo,
    criada_em: m.created_at.toISOString(),
    nome: m.nome,
    email: m.email,
    telefone: m.telefone,
    mensagem: m.mensagem,
    ip: m.ip,
    imovel: m.imovel_id == null ? null : { id: m.imovel_id, codigo },
    visita: m.visita_data && m.visita_periodo ? { data: m.visita_data, periodo: m.visita_periodo } : null,
    captacao:
      m.tipo === "Captação"
        ? { finalidade: m.captacao_finalidade, tipo: m.captacao_tipo, bairro: m.captacao_bairro, endereco: m.captacao_endereco, preco: m.captacao_preco }
        : null,
    fotos: fotos.filter((f) => f.mensagem_id === m.id).map((f) => f.img),
    emails: emails
      .filter((e) => e.mensagem_id === m.id)
      .map((e) => ({ status: e.status, tentativas: e.attempts, criado_em: e.created_at.toISOString(), enviado_em: iso(e.sent_at), ultimo_erro: e.last_error })),
    atendimento: {
      etapa: m.etapa,
      motivo: m.motivo,
      retornar_em: iso(m.retornar_em),
      anotacoes: eventos.filter((e) => e.mensagem_id === m.id).map((e) => ({ em: e.em.toISOString(), autor: e.usuario_email, tipo: e.tipo, texto: e.texto })),
    },
  }));
  // Alerts are kept by e-mail only: a phone finds none.
  return { busca: personText(who), mensagens: mensagensOut, alertas: "email" in who ? await findAlertasOf(who.email) : [] };
}

/**
 * Deletes everything held about `who` in one transaction: the messages, their outbox rows and photo
 * rows, and the personal fields of the history entries about those messages (the action, its admin
 * and its time stay). The deletion is recorded with counts only. The photo files go after the commit,
 * unless a listing made of the offer uses them ('Criar imóvel': the agency's listing now).
 */
export async function deletePersonalData(who: PersonKey, actor: Actor): Promise<PersonalDataDeleted> {
  const { counts, imgs } = await getDb().transaction(async (tx) => {
    const ids = (await tx.select({ id: mensagens.id }).from(mensagens).where(personWhere(who))).map((r) => r.id);
    const imgs = ids.length ? (await tx.select({ img: mensagemFotos.img }).from(mensagemFotos).where(inArray(mensagemFotos.mensagem_id, ids))).map((f) => f.img) : [];
    let emails = 0;
    let historico = 0;
    if (ids.length) {
      [{ affectedRows: emails }] = await tx.delete(mensagemEmails).where(inArray(mensagemEmails.mensagem_id, ids));
      await tx.delete(mensagemFotos).where(inArray(mensagemFotos.mensagem_id, ids));
      // The atendimento's notes and changes (issue 34): personal data, deleted with the messages.
      await tx.delete(atendimentoEventos).where(inArray(atendimentoEventos.mensagem_id, ids));
      historico = await forgetInHistory(tx, ids);
      await tx.delete(mensagens).where(inArray(mensagens.id, ids));
    }
    const alertas = "email" in who ? await deleteAlertasOf(tx, who.email) : 0;
    const counts = { mensagens: ids.length, fotos: imgs.length, emails, historico, alertas };
    await recordHistory(tx, actor, { acao: "dados_pessoais", resumo: deletedSummary(counts) });
    return { counts, imgs };
  });
  await removeUnusedImages(imgs);
  return counts;
}

/** The history's words for a deletion: counts, never who it was about. */
export function deletedSummary(c: PersonalDataDeleted) {
  return `Exclusão a pedido do titular: ${c.mensagens} mensagem(ns), ${c.fotos} foto(s), ${c.emails} e-mail(s) da fila, ${c.alertas} alerta(s), ${c.historico} registro(s) do histórico sem dados pessoais`;
}
