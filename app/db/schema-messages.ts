// The tables of a visitor's message: the message, an owner's photos, the e-mail outbox; re-exported
// by schema.ts, the one schema drizzle-kit reads.
import { boolean, date, decimal, index, int, mysqlEnum, mysqlTable, smallint, text, timestamp, tinyint, varchar } from "drizzle-orm/mysql-core";
import { TIPOS } from "../utils/enums";
import { MENSAGEM_TIPOS, VISITA_PERIODOS } from "../utils/mensagem";
import { ETAPAS, MOTIVOS } from "../utils/atendimento";
import { usuarios } from "./schema-accounts";
import { imoveis } from "./schema-listings";
import { alertaEnvios } from "./schema-alerts";

export const mensagens = mysqlTable(
  "mensagens",
  {
    id: int("id").autoincrement().primaryKey(),
    imovel_id: int("imovel_id").references(() => imoveis.id, { onDelete: "set null" }),
    nome: varchar("nome", { length: 120 }).notNull(),
    email: varchar("email", { length: 191 }).notNull(),
    telefone: varchar("telefone", { length: 30 }).notNull(),
    mensagem: text("mensagem").notNull(),
    // A visit request (issue 22, 'Agendar visita') is a message of its own kind, with its day and period.
    tipo: mysqlEnum("tipo", MENSAGEM_TIPOS).notNull().default("Contato"),
    visita_data: date("visita_data", { mode: "string" }),
    visita_periodo: mysqlEnum("visita_periodo", VISITA_PERIODOS),
    // A Temporada booking request ('Solicitar reserva', issue 33): the stay asked for.
    reserva_chegada: date("reserva_chegada", { mode: "string" }),
    reserva_saida: date("reserva_saida", { mode: "string" }),
    reserva_hospedes: smallint("reserva_hospedes", { unsigned: true }),
    // An owner offering a property ('Anuncie seu imóvel', issue 23): what is offered, and the inactive
    // listing the admin made of it ('Criar imóvel'). Its photos: mensagem_fotos.
    captacao_finalidade: mysqlEnum("captacao_finalidade", ["Venda", "Locação"]),
    captacao_tipo: mysqlEnum("captacao_tipo", TIPOS),
    captacao_bairro: varchar("captacao_bairro", { length: 100 }),
    captacao_endereco: varchar("captacao_endereco", { length: 150 }),
    captacao_preco: decimal("captacao_preco", { precision: 12, scale: 2 }),
    captacao_imovel_id: int("captacao_imovel_id").references(() => imoveis.id, { onDelete: "set null" }),
    ip: varchar("ip", { length: 45 }).notNull().default(""),
    lida: boolean("lida").notNull().default(false),
    arquivada: boolean("arquivada").notNull().default(false),
    created_at: timestamp("created_at").notNull().defaultNow(),
    // The atendimento (issue 34): its stage, how far along the path it got (the funnel), the motive
    // of a lost one, its owner and its follow-up; the phone's comparable digits (phoneKey) to find
    // the same person's other messages through an index.
    etapa: mysqlEnum("etapa", ETAPAS).notNull().default("Novo"),
    etapa_max: tinyint("etapa_max").notNull().default(0),
    motivo: mysqlEnum("motivo", MOTIVOS),
    responsavel_id: int("responsavel_id").references(() => usuarios.id, { onDelete: "set null" }),
    retornar_em: timestamp("retornar_em"),
    telefone_chave: varchar("telefone_chave", { length: 30 }).notNull().default(""),
  },
  (t) => [
    // 'Todas', newest first (and the 'últimos 7 dias' range).
    index("mensagens_created_idx").on(t.created_at),
    // 'Não lidas' and the unread count of the admin bar.
    index("mensagens_unread_idx").on(t.arquivada, t.lida, t.created_at),
    // 'Arquivadas', newest first.
    index("mensagens_arquivada_created_idx").on(t.arquivada, t.created_at),
    // 'Visitas', newest first.
    index("mensagens_tipo_created_idx").on(t.tipo, t.created_at),
    // The board's columns (archived ones left out), newest first, and their counts; one index per
    // filter, each covering what its count reads (figures at 100,000 messages: docs/performance.md).
    index("mensagens_etapa_idx").on(t.arquivada, t.etapa, t.created_at),
    index("mensagens_board_resp_idx").on(t.arquivada, t.responsavel_id, t.etapa, t.created_at),
    index("mensagens_board_tipo_idx").on(t.arquivada, t.tipo, t.etapa, t.created_at),
    // 'Atrasados': the stage first, so each open stage's late follow-ups are one range (migration 0023).
    index("mensagens_board_retorno_idx").on(t.arquivada, t.etapa, t.retornar_em),
    // 'Hoje' and the morning reminders: an admin's follow-ups by time.
    index("mensagens_responsavel_idx").on(t.responsavel_id, t.retornar_em),
    // The charts of 'Home admin': leads per week by kind, the funnel, read from the index alone.
    index("mensagens_stats_idx").on(t.created_at, t.tipo, t.etapa, t.etapa_max),
    // One contact: the same e-mail or the same phone.
    index("mensagens_email_idx").on(t.email),
    index("mensagens_telefone_chave_idx").on(t.telefone_chave),
  ],
);

/** The photos an owner sent with a 'Captação' message, in the order sent (files in the photo store). */
export const mensagemFotos = mysqlTable(
  "mensagem_fotos",
  {
    id: int("id").autoincrement().primaryKey(),
    mensagem_id: int("mensagem_id").notNull().references(() => mensagens.id, { onDelete: "cascade" }),
    img: varchar("img", { length: 255 }).notNull(),
    position: int("position").notNull().default(0),
    largura: smallint("largura", { unsigned: true }),
  },
  (t) => [index("mensagem_fotos_mensagem_idx").on(t.mensagem_id, t.position), index("mensagem_fotos_img_idx").on(t.img)],
);

export const EMAIL_STATUS = ["pendente", "enviado", "falhou"] as const;

/**
 * The outbox: one row per e-mail, of a message to the agency (written in the message's transaction)
 * or of an alert to a visitor (alerta_envios). The agency e-mail: one row per message, written in the message's transaction, sent
 * by the worker (app/jobs/mail-worker.server.ts). `next_attempt_at` NULL means no automatic
 * attempt is due (sent, or given up); `locked_until`/`locked_by` are the lease of the worker
 * sending it: while the lease holds, no other process sends that e-mail (a send that outlives its
 * lease can be sent again: at least once, decision 0007).
 */
export const mensagemEmails = mysqlTable(
  "mensagem_emails",
  {
    id: int("id").autoincrement().primaryKey(),
    // What the e-mail is: a visitor's message to the agency, or an alert's e-mail to a visitor
    // (issue 32, decision 0037); exactly one of the two is set.
    mensagem_id: int("mensagem_id")
      .unique()
      .references(() => mensagens.id, { onDelete: "cascade" }),
    alerta_envio_id: int("alerta_envio_id")
      .unique()
      .references(() => alertaEnvios.id, { onDelete: "cascade" }),
    status: mysqlEnum("status", EMAIL_STATUS).notNull().default("pendente"),
    attempts: int("attempts").notNull().default(0),
    next_attempt_at: timestamp("next_attempt_at", { fsp: 3 }),
    locked_until: timestamp("locked_until", { fsp: 3 }),
    locked_by: varchar("locked_by", { length: 64 }),
    last_error: varchar("last_error", { length: 500 }),
    sent_at: timestamp("sent_at"),
    created_at: timestamp("created_at").notNull().defaultNow(),
  },
  (t) => [index("mensagem_emails_due_idx").on(t.next_attempt_at)],
);
