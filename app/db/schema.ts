import { sql } from "drizzle-orm";
import {
  boolean,
  decimal,
  index,
  int,
  mysqlEnum,
  mysqlTable,
  smallint,
  text,
  timestamp,
  tinyint,
  varchar,
  char,
  date,
  mediumtext,
} from "drizzle-orm/mysql-core";
import {
  ALARME,
  ATIVO,
  CONSERVACAO,
  FORRO,
  PORTAO,
  SITUACOES,
  STATUS,
  TIPOS,
} from "../utils/enums";
import { MENSAGEM_TIPOS, VISITA_PERIODOS } from "../utils/mensagem";

// The administrators, their sessions and the request counters live in schema-accounts.ts; the
// content version and the lists' totals in schema-content.ts; the history, the views and the
// backups in schema-operations.ts.
export * from "./schema-accounts";
export * from "./schema-content";
export * from "./schema-operations";

const count = (name: string) => tinyint(name, { unsigned: true }).notNull().default(0);

export const imoveis = mysqlTable(
  "imoveis",
  {
    id: int("id").autoincrement().primaryKey(),
    codigo: varchar("codigo", { length: 12 }).unique(),
    tipo: mysqlEnum("tipo", TIPOS).notNull().default("Casa"),
    status: mysqlEnum("status", STATUS).notNull().default("Locação"),
    situacao: mysqlEnum("situacao", SITUACOES).notNull().default("Disponivel"),
    ativo: mysqlEnum("ativo", ATIVO).notNull().default("sim"),
    // 'Publicar nos portais' (issue 23): in the VRSync feed of ZAP, VivaReal and OLX when the rules allow.
    publicar_portais: mysqlEnum("publicar_portais", ATIVO).notNull().default("sim"),
    preco: decimal("preco", { precision: 12, scale: 2 }).notNull().default("0.00"),
    area: decimal("area", { precision: 10, scale: 2 }).notNull().default("0.00"),
    // Monthly costs beyond the price (issue 22): condomínio per month, IPTU per year; null = not informed.
    condominio: decimal("condominio", { precision: 12, scale: 2 }),
    iptu: decimal("iptu", { precision: 12, scale: 2 }),
    descricao: mediumtext("descricao").notNull(),
    // A YouTube link (issue 23), stored as https://www.youtube.com/watch?v=ID; null = none.
    video: varchar("video", { length: 200 }),
    capa: varchar("capa", { length: 100 }),
    quartos: count("quartos"),
    banheiros: count("banheiros"),
    garagem: count("garagem"),
    churrasqueira: count("churrasqueira"),
    escritorio: count("escritorio"),
    quiosque: count("quiosque"),
    armario: count("armario"),
    despensa: count("despensa"),
    lavanderia: count("lavanderia"),
    edicula: count("edicula"),
    piscina: count("piscina"),
    varanda: count("varanda"),
    hidromassagem: count("hidromassagem"),
    salas: count("salas"),
    suite: count("suite"),
    cozinha: count("cozinha"),
    apartamento: count("apartamento"),
    sauna: count("sauna"),
    area_servico: count("area_servico"),
    area_lazer: count("area_lazer"),
    quintal: count("quintal"),
    alarme: mysqlEnum("alarme", ALARME).notNull().default("Não"),
    portao: mysqlEnum("portao", PORTAO),
    forro: mysqlEnum("forro", FORRO),
    pintura: mysqlEnum("pintura", CONSERVACAO),
    piso: mysqlEnum("piso", CONSERVACAO),
    telhado: mysqlEnum("telhado", CONSERVACAO),
    endereco: varchar("endereco", { length: 160 }).notNull().default(""),
    numero: varchar("numero", { length: 20 }).notNull().default(""),
    bairro: varchar("bairro", { length: 100 }).notNull().default(""),
    cidade: varchar("cidade", { length: 100 }).notNull().default("Votuporanga"),
    estado: char("estado", { length: 2 }).notNull().default("SP"),
    cep: varchar("cep", { length: 9 }).notNull().default(""),
    created_at: timestamp("created_at").notNull().defaultNow(),
    updated_at: timestamp("updated_at").notNull().defaultNow().onUpdateNow(),
    // The search box's text (issue 22), derived by the database on every write (no write path can
    // forget it); FULLTEXT index imoveis_busca_ft in drizzle/0008_text_search.sql (drizzle-kit has none).
    // The collation (utf8mb4_unicode_ci) ignores accents and case: 'america' finds 'América'.
    busca: text("busca").generatedAlwaysAs(
      sql`CONCAT_WS(' ', \`tipo\`, CASE \`status\` WHEN 'Locação' THEN 'Locação aluguel alugar' WHEN 'Venda' THEN 'Venda comprar' ELSE 'Temporada' END, \`endereco\`, \`bairro\`, \`cidade\`, REGEXP_REPLACE(\`descricao\`, '<[^>]*>|&[#a-zA-Z0-9]+;|\\\\x{a0}', ' '))`,
      { mode: "stored" },
    ),
  },
  (t) => [
    // Every public list reads its page from one of these indexes (issue 11, docs/performance.md): the
    // ids of a page come from the index alone, in the list's order, and only those rows are read.
    // Newest first, per status and for all. The sitemap reads (ativo, created_at, id, updated_at)
    // alone; id is named before updated_at so that the index stays in the lists' order.
    index("imoveis_ativo_status_created_idx").on(t.ativo, t.status, t.created_at),
    index("imoveis_ativo_created_idx").on(t.ativo, t.created_at, t.id, t.updated_at),
    // By price, per status and for all. The ties go newest id first in both directions (preco ASC,
    // id DESC and preco DESC, id DESC): an index read in one direction serves one of them, so each
    // has its own; `id DESC` is a descending key part (MariaDB ≥ 10.8, MySQL 8).
    index("imoveis_ativo_status_preco_idx").on(t.ativo, t.status, t.preco),
    index("imoveis_ativo_status_preco_id_desc_idx").on(t.ativo, t.status, t.preco, sql`\`id\` DESC`),
    index("imoveis_ativo_preco_idx").on(t.ativo, t.preco),
    index("imoveis_ativo_preco_id_desc_idx").on(t.ativo, t.preco, sql`\`id\` DESC`),
    // The filters (list pages and home search): a filtered total is counted in this index alone, over
    // the range of its status and tipo, and a filtered page's ids are sorted from it.
    index("imoveis_filtros_idx").on(t.ativo, t.status, t.tipo, t.quartos, t.banheiros, t.preco, t.cidade, t.created_at),
    // The list filter's neighbourhoods: bairro first, so DISTINCT bairro … WHERE ativo = 'sim' jumps
    // from one bairro to the next (loose index scan, "Using index for group-by"): one seek per bairro,
    // not one entry per listing. The bairro filter counts and pages (newest first) in it alone.
    index("imoveis_bairro_ativo_status_created_idx").on(t.bairro, t.ativo, t.status, t.created_at),
    index("imoveis_capa_idx").on(t.capa),
    // 'Home admin': the last listings edited.
    index("imoveis_updated_idx").on(t.updated_at),
  ],
);

export const imovelFotos = mysqlTable(
  "imovel_fotos",
  {
    id: int("id").autoincrement().primaryKey(),
    imovel_id: int("imovel_id")
      .notNull()
      .references(() => imoveis.id, { onDelete: "cascade" }),
    img: varchar("img", { length: 100 }).notNull(),
    position: int("position").notNull().default(0),
    // The served JPEG's width (issue 23: the portals take photos ≥ 800 px); null for photos stored before.
    largura: smallint("largura", { unsigned: true }),
    created_at: timestamp("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("imovel_fotos_imovel_position_idx").on(t.imovel_id, t.position),
    // deletePhotoFilesOf asks whether a file name is still used anywhere.
    index("imovel_fotos_img_idx").on(t.img),
  ],
);

export const banners = mysqlTable(
  "banners",
  {
    id: int("id").autoincrement().primaryKey(),
    banner: varchar("banner", { length: 100 }).notNull(),
    created_at: timestamp("created_at").notNull().defaultNow(),
  },
  (t) => [index("banners_banner_idx").on(t.banner)],
);

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
 * The outbox of the agency e-mail: one row per message, written in the message's transaction, sent
 * by the worker (app/jobs/mail-worker.server.ts). `next_attempt_at` NULL means no automatic
 * attempt is due (sent, or given up); `locked_until`/`locked_by` are the lease of the worker
 * sending it: while the lease holds, no other process sends that e-mail (a send that outlives its
 * lease can be sent again: at least once, decision 0007).
 */
export const mensagemEmails = mysqlTable(
  "mensagem_emails",
  {
    id: int("id").autoincrement().primaryKey(),
    mensagem_id: int("mensagem_id")
      .notNull()
      .unique()
      .references(() => mensagens.id, { onDelete: "cascade" }),
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

export type Imovel = typeof imoveis.$inferSelect;
export type NewImovel = typeof imoveis.$inferInsert;
export type ImovelFoto = typeof imovelFotos.$inferSelect;
