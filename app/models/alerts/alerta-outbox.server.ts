// An alert's e-mails as the mail worker sends them (decision 0007's outbox, decision 0037): each
// claimed outbox row of an alert becomes its confirmation or its digest, written at send time with
// the alert's token (made again from its salt: the database never holds it).
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { getDb, type Db } from "../../db/client.server";
import { alertaEnvios, alertas, imoveis, mensagemEmails } from "../../db/schema";
import type { OutgoingMail } from "../../services/mail.server";
import type { ImovelCardData } from "../../utils/imovel";
import { cardColumns } from "../listings/imovel-page.server";
import { composeConfirmacao, composeResumo, DIGEST_COUNTED, type Site } from "./alerta-email.server";
import { tokenOf } from "./alerta-token.server";

export type AlertaEmail = { outboxId: number; attempts: number; alertaId: number; mail: OutgoingMail | null };

/**
 * The e-mails of the claimed rows that are an alert's (the others are messages: mensagensOf). `mail`
 * is null when there is nothing left to say: a digest whose listings all left the site meanwhile.
 */
export async function alertaEmailsOf(outboxIds: number[], site: Site, db: Db = getDb()): Promise<AlertaEmail[]> {
  if (outboxIds.length === 0) return [];
  const rows = await db
    .select({ outboxId: mensagemEmails.id, attempts: mensagemEmails.attempts, envio: alertaEnvios, alerta: alertas })
    .from(mensagemEmails)
    .innerJoin(alertaEnvios, eq(alertaEnvios.id, mensagemEmails.alerta_envio_id))
    .innerJoin(alertas, eq(alertas.id, alertaEnvios.alerta_id))
    .where(and(inArray(mensagemEmails.id, outboxIds), isNotNull(mensagemEmails.alerta_envio_id)));
  const ids = [...new Set(rows.flatMap((r) => r.envio.imoveis ?? []))];
  const cards = ids.length
    ? ((await db.select(cardColumns).from(imoveis).where(and(inArray(imoveis.id, ids), eq(imoveis.ativo, "sim")))) as ImovelCardData[])
    : [];
  const byId = new Map(cards.map((c) => [c.id, c]));
  return rows.map(({ outboxId, attempts, envio, alerta }) => {
    const input = { email: alerta.email, busca: { lista: alerta.lista, consulta: alerta.consulta }, token: tokenOf(alerta.token_salt) };
    if (envio.tipo === "confirmacao") return { outboxId, attempts, alertaId: alerta.id, mail: composeConfirmacao(input, site) };
    const shown = (envio.imoveis ?? []).map((id) => byId.get(id)).filter((c): c is ImovelCardData => !!c);
    const pastCount = (envio.imoveis ?? []).length > DIGEST_COUNTED;
    return { outboxId, attempts, alertaId: alerta.id, mail: shown.length ? composeResumo(input, shown, site, pastCount) : null };
  });
}
