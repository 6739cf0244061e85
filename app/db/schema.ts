// The one schema drizzle-kit reads (drizzle.config.ts), one file per subsystem: what a public page
// shows (listings, photos, banner, the content version), a visitor's messages, the accounts, the
// operations' tables (history, views, backups), the imports from a feed, the Temporada calendars,
// the atendimentos and the e-mail alerts.
export * from "./schema-listings";
export * from "./schema-messages";
export * from "./schema-accounts";
export * from "./schema-operations";
export * from "./schema-imports";
export * from "./schema-temporada";
export * from "./schema-atendimentos";
export * from "./schema-alerts";
