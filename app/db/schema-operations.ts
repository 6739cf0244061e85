// The tables of the agency's records about itself (issue 24): the history of admin changes, the
// views per listing and day, and the backups made. Re-exported by schema.ts.
import { sql } from "drizzle-orm";
import { bigint, date, index, int, json, mysqlEnum, mysqlTable, primaryKey, timestamp, varchar } from "drizzle-orm/mysql-core";

/** One field an edit changed: its name as the form shows it, and the values before and after. */
export type HistoricoMudanca = { campo: string; de: string | null; para: string | null };

/**
 * Every admin write, recorded in the write's own transaction (models/history). No foreign keys on
 * purpose: the entry about a deleted listing, message or admin must outlive it.
 */
export const historico = mysqlTable(
  "historico",
  {
    id: bigint("id", { mode: "number", unsigned: true }).autoincrement().primaryKey(),
    em: timestamp("em", { fsp: 3 }).notNull().default(sql`(now(3))`),
    // Who: null for the system (the daily job) or the command line without an admin.
    usuario_id: int("usuario_id"),
    usuario_email: varchar("usuario_email", { length: 191 }),
    ip: varchar("ip", { length: 45 }),
    acao: varchar("acao", { length: 40 }).notNull(),
    imovel_id: int("imovel_id"),
    mensagem_id: int("mensagem_id"),
    alvo_usuario_id: int("alvo_usuario_id"),
    // What, in words (a listing's code and title, a message's subject); personal fields are blanked
    // when the person asks (LGPD), the action stays.
    resumo: varchar("resumo", { length: 255 }),
    mudancas: json("mudancas").$type<HistoricoMudanca[]>(),
  },
  (t) => [
    index("historico_em_idx").on(t.em),
    index("historico_usuario_idx").on(t.usuario_id, t.em),
    index("historico_imovel_idx").on(t.imovel_id, t.em),
    index("historico_acao_idx").on(t.acao, t.em),
    index("historico_mensagem_idx").on(t.mensagem_id),
  ],
);

/** Public page views per listing and day (bots left out), written in batches by the server. */
export const imovelVisualizacoes = mysqlTable(
  "imovel_visualizacoes",
  {
    imovel_id: int("imovel_id").notNull(),
    dia: date("dia", { mode: "string" }).notNull(),
    total: int("total", { unsigned: true }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.imovel_id, t.dia] }), index("imovel_visualizacoes_dia_idx").on(t.dia)],
);

/** Each backup made, by the daily job or `npm run backup`: what 'Home admin' and /metrics report. */
export const backups = mysqlTable(
  "backups",
  {
    id: int("id").autoincrement().primaryKey(),
    origem: mysqlEnum("origem", ["diario", "manual"]).notNull(),
    estado: mysqlEnum("estado", ["executando", "ok", "falhou"]).notNull().default("executando"),
    iniciado_em: timestamp("iniciado_em", { fsp: 3 }).notNull().default(sql`(now(3))`),
    terminado_em: timestamp("terminado_em", { fsp: 3 }),
    destino: varchar("destino", { length: 500 }),
    bytes: bigint("bytes", { mode: "number", unsigned: true }),
    erro: varchar("erro", { length: 1000 }),
  },
  (t) => [index("backups_iniciado_idx").on(t.iniciado_em)],
);
