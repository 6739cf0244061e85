// The tables of the e-mail alerts of new listings (issue 32 §2, decision 0037): one row per alert
// (a visitor's e-mail and the search of a list page), and one row per e-mail an alert was sent
// (its confirmation, its digest of a day). Re-exported by schema.ts.
import { char, date, index, int, json, mysqlEnum, mysqlTable, timestamp, uniqueIndex, varchar } from "drizzle-orm/mysql-core";
import { ALERTA_FREQUENCIAS, ALERTA_LISTAS } from "../utils/alertas";

/**
 * An alert. `token_hash` is the SHA-256 of the token its links carry (the token itself is never
 * stored: it is an HMAC of `token_salt` under SESSION_SECRET, made again when an e-mail is written).
 * Unconfirmed (`confirmado_em` NULL) alerts are deleted after 7 days, cancelled ones at once.
 * `desde`: listings that became public after it are new to this alert (its confirmation, then each
 * digest); `verificado_dia`: the São Paulo day its digest was last looked for (once a day at most).
 */
export const alertas = mysqlTable(
  "alertas",
  {
    id: int("id").autoincrement().primaryKey(),
    email: varchar("email", { length: 191 }).notNull(),
    lista: mysqlEnum("lista", ALERTA_LISTAS).notNull(),
    // The list page's query string, filters and words only (no page, no order): the search re-run.
    consulta: varchar("consulta", { length: 512 }).notNull().default(""),
    frequencia: mysqlEnum("frequencia", ALERTA_FREQUENCIAS).notNull().default("diaria"),
    token_hash: char("token_hash", { length: 64 }).notNull().unique(),
    token_salt: char("token_salt", { length: 32 }).notNull(),
    confirmado_em: timestamp("confirmado_em"),
    desde: timestamp("desde", { fsp: 3 }),
    verificado_dia: date("verificado_dia", { mode: "string" }),
    enviado_dia: date("enviado_dia", { mode: "string" }),
    ip: varchar("ip", { length: 45 }).notNull().default(""),
    created_at: timestamp("created_at").notNull().defaultNow(),
  },
  (t) => [
    // The digest run: confirmed alerts not yet looked at today.
    index("alertas_due_idx").on(t.confirmado_em, t.verificado_dia),
    // 'Dados de uma pessoa' and a second subscription of the same search.
    index("alertas_email_idx").on(t.email),
  ],
);

export const ALERTA_ENVIO_TIPOS = ["confirmacao", "resumo"] as const;

/**
 * One e-mail of an alert, queued in the outbox (mensagem_emails.alerta_envio_id). The unique key is
 * the rule "at most one digest per alert per day" (and one confirmation a day): two runs of the
 * same day, on two processes or after a restart, cannot queue a second one.
 */
export const alertaEnvios = mysqlTable(
  "alerta_envios",
  {
    id: int("id").autoincrement().primaryKey(),
    alerta_id: int("alerta_id")
      .notNull()
      .references(() => alertas.id, { onDelete: "cascade" }),
    tipo: mysqlEnum("tipo", ALERTA_ENVIO_TIPOS).notNull(),
    // The São Paulo day it belongs to.
    dia: date("dia", { mode: "string" }).notNull(),
    // A digest's listings, newest first (their cards are read when the e-mail is written).
    imoveis: json("imoveis").$type<number[]>(),
    created_at: timestamp("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("alerta_envios_dia_uq").on(t.alerta_id, t.tipo, t.dia)],
);
