// The morning reminders (issue 34): each admin with follow-ups due today (or overdue) gets one
// e-mail listing them. An outbox of its own (lembrete_emails): one row per admin and day, written
// with INSERT IGNORE on a unique key, so several processes and a run of the CLI on the same morning
// still queue one; claimed with a lease and SKIP LOCKED as the messages' e-mails are (decision 0007).
import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { getDb } from "../../db/client.server";
import { lembreteEmails, mensagens, usuarios } from "../../db/schema";
import type { OutgoingMail } from "../../services/mail.server";
import { ETAPAS_ABERTAS, type AtendimentoCard } from "../../utils/atendimento";
import { escapeHtml } from "../../utils/escape";
import { formatDateTime } from "../../utils/format";
import { agencyToday } from "../../utils/mensagem";
import { endOfAgencyDay, retornosDe } from "./atendimento-hoje.server";

/** Queues today's reminder of every active admin with a follow-up due by the end of today; how many were new. */
export async function queueLembretes(now = new Date()) {
  const db = getDb();
  const due = await db
    .selectDistinct({ id: mensagens.responsavel_id })
    .from(mensagens)
    .innerJoin(usuarios, eq(usuarios.id, mensagens.responsavel_id))
    .where(
      and(
        eq(usuarios.ativo, true),
        lte(mensagens.retornar_em, endOfAgencyDay(now)),
        inArray(mensagens.etapa, ETAPAS_ABERTAS),
        eq(mensagens.arquivada, false),
      ),
    );
  const ids = due.map((d) => d.id).filter((id): id is number => id !== null);
  if (!ids.length) return 0;
  const dia = agencyToday(now);
  const [res] = await db
    .insert(lembreteEmails)
    .ignore()
    .values(ids.map((usuario_id) => ({ usuario_id, dia, next_attempt_at: sql`NOW(3)` })));
  return res.affectedRows;
}

/** Takes up to `limit` due reminders for `owner`, leased for `leaseMs` (the messages' outbox's claim). */
export async function claimLembretes(owner: string, limit: number, leaseMs: number) {
  return getDb().transaction(async (tx) => {
    const rows = await tx
      .select({ id: lembreteEmails.id, usuarioId: lembreteEmails.usuario_id, attempts: lembreteEmails.attempts })
      .from(lembreteEmails)
      .where(and(lte(lembreteEmails.next_attempt_at, sql`NOW(3)`), or(isNull(lembreteEmails.locked_until), lte(lembreteEmails.locked_until, sql`NOW(3)`))))
      .orderBy(asc(lembreteEmails.next_attempt_at))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (!rows.length) return [];
    await tx
      .update(lembreteEmails)
      .set({ locked_until: sql`NOW(3) + INTERVAL ${leaseMs * 1000} MICROSECOND`, locked_by: owner, attempts: sql`${lembreteEmails.attempts} + 1` })
      .where(inArray(lembreteEmails.id, rows.map((r) => r.id)));
    return rows;
  });
}

export async function markLembrete(id: number, owner: string, outcome: { ok: true } | { ok: false; error: string; retryInMs: number | null }) {
  const held = and(eq(lembreteEmails.id, id), eq(lembreteEmails.locked_by, owner));
  const set = outcome.ok
    ? { status: "enviado" as const, sent_at: sql`NOW()`, next_attempt_at: null, last_error: null }
    : {
        status: "falhou" as const,
        last_error: outcome.error.slice(0, 500),
        next_attempt_at: outcome.retryInMs == null ? null : sql`NOW(3) + INTERVAL ${Math.round(outcome.retryInMs) * 1000} MICROSECOND`,
      };
  await getDb().update(lembreteEmails).set({ ...set, locked_until: null, locked_by: null }).where(held);
}

/** The admin and their follow-ups due now, for the e-mail; null when the admin is gone or inactive. */
export async function lembreteOf(usuarioId: number, now = new Date()) {
  const [u] = await getDb().select({ email: usuarios.email, nome: usuarios.nome, ativo: usuarios.ativo }).from(usuarios).where(eq(usuarios.id, usuarioId));
  if (!u?.ativo) return null;
  return { email: u.email, nome: u.nome, retornos: await retornosDe(usuarioId, now, 100) };
}

/** What the reminder says: one line per follow-up, with its time and its page. */
export function composeLembrete(l: { email: string; nome: string | null; retornos: AtendimentoCard[] }, site: { publicUrl: string; agencyName: string }): OutgoingMail {
  const n = l.retornos.length;
  const url = (id: number) => `${site.publicUrl}/admin/atendimentos/${id}`;
  const line = (c: AtendimentoCard) =>
    `${c.atrasado ? "ATRASADO " : ""}${c.retornarEm ? formatDateTime(c.retornarEm) : ""} – ${c.nome} (${c.etapa}${c.imovelCodigo ? `, ${c.imovelCodigo}` : ""})`;
  const hello = `Bom dia${l.nome ? `, ${l.nome.split(/\s+/)[0]}` : ""}!`;
  const intro = n ? `Você tem ${n} ${n === 1 ? "retorno" : "retornos"} para hoje ou atrasados:` : "Nenhum retorno para hoje.";
  return {
    to: l.email,
    subject: `${n} ${n === 1 ? "retorno" : "retornos"} para hoje – ${site.agencyName}`,
    text: [hello, "", intro, "", ...l.retornos.map((c) => `- ${line(c)}\n  ${url(c.id)}`), "", `Atendimentos: ${site.publicUrl}/admin/atendimentos`].join("\n"),
    html: `<p>${escapeHtml(hello)}</p><p>${escapeHtml(intro)}</p><ul>${l.retornos
      .map((c) => `<li><a href="${escapeHtml(url(c.id))}">${escapeHtml(line(c))}</a></li>`)
      .join("")}</ul><p><a href="${escapeHtml(`${site.publicUrl}/admin/atendimentos`)}">Abrir os atendimentos</a></p>`,
    replyTo: { name: site.agencyName, address: l.email },
  };
}
