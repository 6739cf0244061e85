// The tables of the agency's follow-up of leads (issue 34): the timeline of each atendimento, the
// WhatsApp taps per listing and day, and the outbox of the morning reminders. The stage, owner and
// follow-up of an atendimento are columns of its message (schema-messages.ts). Re-exported by schema.ts.
import { sql } from "drizzle-orm";
import { date, index, int, mysqlEnum, mysqlTable, primaryKey, text, timestamp, unique, varchar } from "drizzle-orm/mysql-core";
import { EVENTO_TIPOS } from "../utils/atendimento";
import { usuarios } from "./schema-accounts";
import { mensagens } from "./schema-messages";

/**
 * The timeline of an atendimento: notes, stage, owner and follow-up changes, each with its author and
 * time. A note is personal data (LGPD): it goes with its message, and with the retention.
 */
export const atendimentoEventos = mysqlTable(
  "atendimento_eventos",
  {
    id: int("id").autoincrement().primaryKey(),
    mensagem_id: int("mensagem_id").notNull().references(() => mensagens.id, { onDelete: "cascade" }),
    em: timestamp("em", { fsp: 3 }).notNull().default(sql`(now(3))`),
    usuario_id: int("usuario_id"),
    usuario_email: varchar("usuario_email", { length: 191 }),
    tipo: mysqlEnum("tipo", EVENTO_TIPOS).notNull(),
    texto: text("texto").notNull(),
  },
  (t) => [index("atendimento_eventos_mensagem_idx").on(t.mensagem_id, t.em)],
);

/** Taps on a WhatsApp link of the site per listing (0: none, the header or the contact page) and day. */
export const whatsappToques = mysqlTable(
  "whatsapp_toques",
  {
    imovel_id: int("imovel_id").notNull(),
    dia: date("dia", { mode: "string" }).notNull(),
    total: int("total", { unsigned: true }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.imovel_id, t.dia] }), index("whatsapp_toques_dia_idx").on(t.dia)],
);

/**
 * The morning reminder e-mails: one row per admin and day (the unique key makes 'one per admin per
 * day' hold across processes and runs), sent by the mail worker with the same lease as the messages'.
 */
export const lembreteEmails = mysqlTable(
  "lembrete_emails",
  {
    id: int("id").autoincrement().primaryKey(),
    usuario_id: int("usuario_id")
      .notNull()
      .references(() => usuarios.id, { onDelete: "cascade" }),
    dia: date("dia", { mode: "string" }).notNull(),
    status: mysqlEnum("status", ["pendente", "enviado", "falhou"]).notNull().default("pendente"),
    attempts: int("attempts").notNull().default(0),
    next_attempt_at: timestamp("next_attempt_at", { fsp: 3 }),
    locked_until: timestamp("locked_until", { fsp: 3 }),
    locked_by: varchar("locked_by", { length: 64 }),
    last_error: varchar("last_error", { length: 500 }),
    sent_at: timestamp("sent_at"),
    created_at: timestamp("created_at").notNull().defaultNow(),
  },
  (t) => [unique("lembrete_emails_usuario_dia").on(t.usuario_id, t.dia), index("lembrete_emails_due_idx").on(t.next_attempt_at)],
);
