// The agency's day a public page is rendered for (decision 0039). A Temporada page depends on today:
// its calendar starts at this month, past days are not offered, 'Verificar datas' refuses a past
// arrival. A shared page must be a function of its URL and the content version, never of the clock
// of the process that renders it (server/page-cache.ts; e2e/server-clock.spec.ts): so "today" is a
// column of the content version's row, moved by a content write when São Paulo's day changes.
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { getDb } from "../../db/client.server";
import { withReadDb } from "../../db/read-db.server";
import { contentVersion } from "../../db/schema";
import { agencyToday } from "../../utils/mensagem";
import { contentWrite } from "../listings/content-version.server";
import { publicRead } from "../listings/public-reads.server";

/** Today as the content knows it (YYYY-MM-DD); the clock's only before the first roll of a new database. */
export function contentDay(): Promise<string> {
  return publicRead("contentDay", [], () =>
    withReadDb(async (db) => {
      const [row] = await db.select({ dia: contentVersion.dia }).from(contentVersion).where(eq(contentVersion.id, 1));
      return row?.dia ?? agencyToday();
    }),
  );
}

/**
 * Moves the content's day to São Paulo's today when it is behind (never back: a process whose clock
 * lags does not undo another's roll). A content write, so every cache starts the new day. True when it moved.
 */
export async function rollContentDay(today = agencyToday()): Promise<boolean> {
  const [row] = await getDb().select({ dia: contentVersion.dia }).from(contentVersion).where(eq(contentVersion.id, 1));
  if (!row || (row.dia && row.dia >= today)) return false;
  await contentWrite((tx) =>
    tx
      .update(contentVersion)
      .set({ dia: today })
      .where(and(eq(contentVersion.id, 1), or(isNull(contentVersion.dia), lt(contentVersion.dia, today)))),
  );
  return true;
}
