// LGPD (issue 32 §2): the alerts of an e-mail, for 'Dados de uma pessoa' (export, delete).
import { asc, eq, inArray, sql } from "drizzle-orm";
import { getDb, type Tx } from "../../db/client.server";
import { alertaEnvios, alertas, mensagemEmails } from "../../db/schema";
import { alertaPath } from "../../utils/alertas";
import type { PersonalAlerta } from "../../utils/personal-data";

const ofEmail = (email: string) => sql`LOWER(${alertas.email}) = ${email.trim().toLowerCase()}`;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Every alert of `email`, oldest first, with the e-mails each was sent. */
export async function findAlertasOf(email: string): Promise<PersonalAlerta[]> {
  const db = getDb();
  const rows = await db.select().from(alertas).where(ofEmail(email)).orderBy(asc(alertas.id));
  if (!rows.length) return [];
  const envios = await db
    .select({ alerta_id: alertaEnvios.alerta_id, tipo: alertaEnvios.tipo, dia: alertaEnvios.dia, status: mensagemEmails.status, sent_at: mensagemEmails.sent_at })
    .from(alertaEnvios)
    .leftJoin(mensagemEmails, eq(mensagemEmails.alerta_envio_id, alertaEnvios.id))
    .where(inArray(alertaEnvios.alerta_id, rows.map((r) => r.id)))
    .orderBy(asc(alertaEnvios.id));
  return rows.map((a) => ({
    id: a.id,
    email: a.email,
    busca: alertaPath(a),
    frequencia: a.frequencia,
    criado_em: a.created_at.toISOString(),
    confirmado_em: iso(a.confirmado_em),
    ip: a.ip,
    emails: envios
      .filter((e) => e.alerta_id === a.id)
      .map((e) => ({ tipo: e.tipo, dia: e.dia, status: e.status ?? "enviado", enviado_em: iso(e.sent_at) })),
  }));
}

/** Deletes the alerts of `email` in the caller's transaction; their e-mails go with them (cascade). */
export async function deleteAlertasOf(tx: Tx, email: string) {
  const [res] = await tx.delete(alertas).where(ofEmail(email));
  return res.affectedRows;
}
