// The tables of what a public page shows: the listings, their photos, the banner, and the content
// version every cache of a public page is filed under; re-exported by schema.ts, the one schema
// drizzle-kit reads.
import { sql } from "drizzle-orm";
import { date, decimal, index, int, mysqlEnum, mysqlTable, smallint, text, timestamp, tinyint, varchar, char, mediumtext } from "drizzle-orm/mysql-core";
import { ALARME, ATIVO, CONSERVACAO, FORRO, PORTAO, SITUACOES, STATUS, TIPOS } from "../utils/enums";

const count = (name: string) => tinyint(name, { unsigned: true }).notNull().default(0);

export const imoveis = mysqlTable(
  "imoveis",
  {
    id: int("id").autoincrement().primaryKey(),
    codigo: varchar("codigo", { length: 12 }).unique(),
    // 'Código no feed' (issue 32): the ListingID of the VRSync feed it was imported from; a second
    // import of the same feed finds the listing by it. VRSync allows 1 to 50 characters.
    codigo_feed: varchar("codigo_feed", { length: 50 }).unique(),
    tipo: mysqlEnum("tipo", TIPOS).notNull().default("Casa"),
    status: mysqlEnum("status", STATUS).notNull().default("Locação"),
    situacao: mysqlEnum("situacao", SITUACOES).notNull().default("Disponivel"),
    ativo: mysqlEnum("ativo", ATIVO).notNull().default("sim"),
    // 'Publicar nos portais' (issue 23): in the VRSync feed of ZAP, VivaReal and OLX when the rules allow.
    publicar_portais: mysqlEnum("publicar_portais", ATIVO).notNull().default("sim"),
    // 'Mostrar o número no mapa' (issue 30): the house number on the map and in the portals' feed only
    // when the owner allows it.
    mostrar_numero: mysqlEnum("mostrar_numero", ATIVO).notNull().default("nao"),
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
    // When the listing last became public (created active, or switched from inactive to active):
    // what the e-mail alerts call new (issue 32 §2). Set by imovel-write.server.ts, the one way in.
    publicado_em: timestamp("publicado_em", { fsp: 3 }),
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
    // the range of its status and tipo, and a filtered page's ids are sorted from it. Suítes and vagas
    // (a sentence's "2 suítes 2 vagas", issue 33) are at the end: tested in the index, never a row read.
    index("imoveis_filtros_idx").on(t.ativo, t.status, t.tipo, t.quartos, t.banheiros, t.preco, t.cidade, t.created_at, t.suite, t.garagem),
    // The list filter's neighbourhoods: bairro first, so DISTINCT bairro … WHERE ativo = 'sim' jumps
    // from one bairro to the next (loose index scan, "Using index for group-by"): one seek per bairro,
    // not one entry per listing. The bairro filter counts and pages (newest first) in it alone.
    index("imoveis_bairro_ativo_status_created_idx").on(t.bairro, t.ativo, t.status, t.created_at),
    // A bairro with other filters (a sentence's "casa 3 quartos centro até 500 mil", issue 33): the
    // bairro's range, every other filter tested in the index, so the total and the page's ids read no
    // row (100,000 listings: docs/performance.md, "Sentences in the search box").
    index("imoveis_bairro_filtros_idx").on(t.bairro, t.ativo, t.status, t.tipo, t.quartos, t.banheiros, t.suite, t.garagem, t.preco, t.created_at),
    index("imoveis_capa_idx").on(t.capa),
    // The alerts' digest: the listings that became public since an alert's last e-mail.
    index("imoveis_ativo_publicado_idx").on(t.ativo, t.publicado_em),
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
    // The image's URL in the feed it was imported from (issue 32): a second import downloads only
    // the photos it does not have yet. Null for a photo uploaded here.
    origem: varchar("origem", { length: 1000 }),
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

/**
 * One row (id 1): a number bumped in the same transaction as every write that changes what a public
 * page shows. Each server process compares it with the number its page cache was filled under, so a
 * write on one process empties the cache of every other within a second (docs/decisions, page cache).
 */
export const contentVersion = mysqlTable("content_version", {
  id: tinyint("id", { unsigned: true }).primaryKey(),
  version: int("version", { unsigned: true }).notNull().default(0),
  changed_at: timestamp("changed_at", { fsp: 3 }).notNull().defaultNow(),
  // The agency's day (São Paulo) the content is rendered for (decision 0039): moved by a content
  // write at midnight, so a page that depends on today (a Temporada calendar) is still a function of
  // the content version, not of the clock of the process that renders it.
  dia: date("dia", { mode: "string" }),
});

export type Imovel = typeof imoveis.$inferSelect;
export type NewImovel = typeof imoveis.$inferInsert;
export type ImovelFoto = typeof imovelFotos.$inferSelect;
