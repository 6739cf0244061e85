// The tables of a Temporada listing's calendar (issue 33 §2): its stay settings, the periods it is
// booked ('Datas ocupadas', typed by the admin or read from another site's iCal feed) and those feeds.
// They change what a public page shows, so they are content tables (app/db/content-guard.server.ts);
// re-exported by schema.ts, the one schema drizzle-kit reads.
import { date, decimal, index, int, mysqlTable, smallint, timestamp, varchar } from "drizzle-orm/mysql-core";
import { imoveis } from "./schema-listings";

/** 'Diária', 'Mínimo de diárias', 'Hóspedes (máximo)': one row per listing that has them. */
export const imovelTemporada = mysqlTable("imovel_temporada", {
  imovel_id: int("imovel_id")
    .primaryKey()
    .references(() => imoveis.id, { onDelete: "cascade" }),
  diaria: decimal("diaria", { precision: 12, scale: 2 }).notNull(),
  minimo_diarias: smallint("minimo_diarias", { unsigned: true }).notNull().default(1),
  hospedes_max: smallint("hospedes_max", { unsigned: true }).notNull(),
});

/**
 * Another site's calendar of the listing (Airbnb, Booking…): its URL and the last sync. A sync that
 * fails keeps the periods of the last good one and records the error and its time.
 */
export const imovelIcalFeeds = mysqlTable(
  "imovel_ical_feeds",
  {
    id: int("id").autoincrement().primaryKey(),
    imovel_id: int("imovel_id")
      .notNull()
      .references(() => imoveis.id, { onDelete: "cascade" }),
    url: varchar("url", { length: 2000 }).notNull(),
    // When a process last took it to sync (the lease: one process per feed per interval).
    tentativa_at: timestamp("tentativa_at"),
    sincronizado_at: timestamp("sincronizado_at"),
    erro: varchar("erro", { length: 500 }),
    erro_at: timestamp("erro_at"),
    created_at: timestamp("created_at").notNull().defaultNow(),
  },
  (t) => [index("imovel_ical_feeds_imovel_idx").on(t.imovel_id), index("imovel_ical_feeds_tentativa_idx").on(t.tentativa_at)],
);

/**
 * A booked period: the nights from `inicio` to `fim`, both included (the guest leaves on fim + 1,
 * which is free for the next arrival). `feed_id` set: read from that feed, replaced by each good sync.
 */
export const imovelBloqueios = mysqlTable(
  "imovel_bloqueios",
  {
    id: int("id").autoincrement().primaryKey(),
    imovel_id: int("imovel_id")
      .notNull()
      .references(() => imoveis.id, { onDelete: "cascade" }),
    inicio: date("inicio", { mode: "string" }).notNull(),
    fim: date("fim", { mode: "string" }).notNull(),
    nota: varchar("nota", { length: 200 }).notNull().default(""),
    feed_id: int("feed_id").references(() => imovelIcalFeeds.id, { onDelete: "cascade" }),
    created_at: timestamp("created_at").notNull().defaultNow(),
  },
  // Overlap tests read a listing's periods by date (the calendar, a stay, /temporada's NOT EXISTS).
  (t) => [index("imovel_bloqueios_imovel_fim_idx").on(t.imovel_id, t.fim, t.inicio)],
);
