// The tables of the accounts subsystem (administrators, their sessions) and the request counters;
// re-exported by schema.ts, the one schema drizzle-kit reads.
import { bigint, boolean, char, index, int, mysqlEnum, mysqlTable, timestamp, varchar } from "drizzle-orm/mysql-core";

export const usuarios = mysqlTable("usuarios", {
  id: int("id").autoincrement().primaryKey(),
  email: varchar("email", { length: 191 }).notNull().unique(),
  password_hash: varchar("password_hash", { length: 255 }).notNull(),
  created_at: timestamp("created_at").notNull().defaultNow(),
  nome: varchar("nome", { length: 120 }),
  // An inactive admin cannot log in; deactivating one also ends their sessions and tokens (issue 24).
  ativo: boolean("ativo").notNull().default(true),
  ultimo_login_em: timestamp("ultimo_login_em"),
  // Set on an admin created with a one-time password: they choose their own at the next login.
  must_change_password: boolean("must_change_password").notNull().default(false),
});

export const sessoes = mysqlTable(
  "sessoes",
  {
    // SHA-256 of the random id carried by the cookie: a leaked table cannot be replayed.
    id: char("id", { length: 64 }).primaryKey(),
    usuario_id: int("usuario_id")
      .notNull()
      .references(() => usuarios.id, { onDelete: "cascade" }),
    kind: mysqlEnum("kind", ["cookie", "token"]).notNull().default("cookie"),
    created_at: timestamp("created_at").notNull().defaultNow(),
    last_seen_at: timestamp("last_seen_at").notNull().defaultNow(),
    expires_at: timestamp("expires_at").notNull(),
  },
  (t) => [index("sessoes_usuario_idx").on(t.usuario_id), index("sessoes_expires_idx").on(t.expires_at)],
);

/** rate-limiter-flexible's RateLimiterMySQL table (app/services/rate-limit.server.ts); `expire` in ms. */
export const rateLimiter = mysqlTable("rate_limiter", {
  key: varchar("key", { length: 191 }).primaryKey(),
  points: int("points").notNull().default(0),
  expire: bigint("expire", { mode: "number", unsigned: true }),
});
