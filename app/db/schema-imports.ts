// The imports from a VRSync feed (issue 32): one row per import (the job: its state, progress and
// totals, read by /admin/importar/<id>) and one per listing of the feed (the report). Re-exported
// by schema.ts.
import { sql } from "drizzle-orm";
import { index, int, mysqlEnum, mysqlTable, timestamp, tinyint, varchar } from "drizzle-orm/mysql-core";

export const IMPORT_STATES = ["executando", "concluida", "falhou", "interrompida"] as const;
export const IMPORT_RESULTS = ["criado", "atualizado", "sem mudança", "ignorado", "com avisos"] as const;

export const importacoes = mysqlTable("importacoes", {
  id: int("id").autoincrement().primaryKey(),
  estado: mysqlEnum("estado", IMPORT_STATES).notNull().default("executando"),
  // 1 while running, null after: the unique index lets one import run at a time on every process
  // and replica sharing the database (MariaDB allows many NULLs in a unique index).
  em_curso: tinyint("em_curso", { unsigned: true }).unique(),
  // The feed's URL or the uploaded file's name, as the admin gave it.
  origem: varchar("origem", { length: 1000 }).notNull(),
  publicar: mysqlEnum("publicar", ["sim", "nao"]).notNull().default("nao"),
  usuario_email: varchar("usuario_email", { length: 191 }),
  // Listings read so far; the total is known only at the end of the stream (0 until then), or
  // counted ahead for a file.
  lidos: int("lidos", { unsigned: true }).notNull().default(0),
  total: int("total", { unsigned: true }).notNull().default(0),
  erro: varchar("erro", { length: 1000 }),
  iniciado_em: timestamp("iniciado_em", { fsp: 3 }).notNull().default(sql`(now(3))`),
  // Moved every few seconds by the process running it: a job whose beat stopped was interrupted.
  batida_em: timestamp("batida_em", { fsp: 3 }).notNull().default(sql`(now(3))`),
  terminado_em: timestamp("terminado_em", { fsp: 3 }),
});

export const importacaoItens = mysqlTable(
  "importacao_itens",
  {
    id: int("id").autoincrement().primaryKey(),
    importacao_id: int("importacao_id")
      .notNull()
      .references(() => importacoes.id, { onDelete: "cascade" }),
    codigo_feed: varchar("codigo_feed", { length: 50 }).notNull(),
    // No foreign key: the report outlives a listing deleted afterwards.
    imovel_id: int("imovel_id"),
    resultado: mysqlEnum("resultado", IMPORT_RESULTS).notNull(),
    motivo: varchar("motivo", { length: 1000 }).notNull().default(""),
  },
  (t) => [index("importacao_itens_importacao_idx").on(t.importacao_id, t.id)],
);

export type Importacao = typeof importacoes.$inferSelect;
export type ImportResult = (typeof IMPORT_RESULTS)[number];
