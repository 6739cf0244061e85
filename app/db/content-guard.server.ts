// The one cache rule, enforced (issue 20). What a public page shows lives in a few tables: the
// listings, their photos, the banner, and the row the caches are filed under (the content
// version). Every cache of a public page is filed under the content version,
// so these tables may change only inside contentWrite (models/listings/content-version.server.ts),
// which bumps that version in the write's own transaction. Any other insert, update or delete of
// them through the app's database handle is refused here, before it reaches the database, in
// production as in the tests: a write that forgot contentWrite fails at once, loudly, instead of
// leaving every cache serving old data until some other write.
import { AsyncLocalStorage } from "node:async_hooks";
import type { Logger } from "drizzle-orm/logger";
import { processSlot } from "../process-state.server";

export const CONTENT_TABLES = ["imoveis", "imovel_fotos", "banners", "content_version", "imovel_temporada", "imovel_bloqueios"] as const;

const WRITE = new RegExp(
  `^\\s*(?:insert\\s+(?:ignore\\s+)?into|replace\\s+into|update(?:\\s+ignore)?|delete\\s+from)\\s+\`?(${CONTENT_TABLES.join("|")})\`?(?:[\\s(]|$)`,
  "i",
);

const scope = processSlot("contentGuard", () => new AsyncLocalStorage<true>());

export class ContentWriteOutsideError extends Error {
  constructor(readonly table: string) {
    super(`Escrita em \`${table}\` fora de contentWrite: nenhum cache saberia dela (app/db/content-guard.server.ts).`);
    this.name = "ContentWriteOutsideError";
  }
}

/** The table a statement writes, when it writes one of CONTENT_TABLES; null otherwise. */
export function contentTableWritten(statement: string): string | null {
  return WRITE.exec(statement)?.[1] ?? null;
}

/** Runs `fn` as a content write: only contentWrite calls this. */
export function asContentWrite<T>(fn: () => Promise<T>): Promise<T> {
  return scope.run(true, fn);
}

/**
 * drizzle's logger is called with every statement before it is sent (a public hook of drizzle):
 * the one place every model's query passes.
 */
export const contentGuard: Logger = {
  logQuery(statement) {
    if (scope.getStore()) return;
    const table = contentTableWritten(statement);
    if (table) throw new ContentWriteOutsideError(table);
  },
};
