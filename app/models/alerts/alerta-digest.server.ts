// The daily digest of each alert (issue 32 §2): the listings that became public and match its search
// since its last e-mail, queued in the outbox once per São Paulo day at most. The search is re-run by
// the list pages' own code: the page's parser (parseListFilter), its criteria (listFilterCriteria)
// and the listings' query (publicWhere, through listNewlyPublic).
import { and, asc, eq, gt, isNotNull, isNull, lt, or } from "drizzle-orm";
import { getDb, type Db } from "../../db/client.server";
import { alertas } from "../../db/schema";
import { LIST_PAGES } from "../../utils/list-pages";
import type { PublicCriteria } from "../../utils/search";
import { listFilterCriteria, parseListFilter } from "../../utils/search-schema";
import { listNewlyPublic } from "../listings/imovel.server";
import { emailQueued } from "../messages/mensagem-outbox.server";
import type { Alerta } from "./alerta.server";
import { queueEnvio } from "./alerta.server";
import { daysBetween, saoPauloDay } from "./alerta-clock.server";
import { DIGEST_COUNTED } from "./alerta-email.server";

/**
 * The listings a digest keeps: up to DIGEST_COUNTED and one more, so that the e-mail can say how many
 * are new ('mais de 100' past that) while it shows the newest DIGEST_SHOWN and links to the search
 * for the rest (alerta-email.server.ts).
 */
const DIGEST_KEPT = DIGEST_COUNTED + 1;
const BATCH = 100;

/** An alert's search as the list page runs it. */
export function criteriaOf(alerta: Pick<Alerta, "lista" | "consulta">): PublicCriteria {
  return listFilterCriteria(parseListFilter(new URLSearchParams(alerta.consulta)), LIST_PAGES[alerta.lista].status);
}

export type DigestRun = { verificados: number; enfileirados: number };

/**
 * Looks at every confirmed alert not looked at today (São Paulo) and queues the digest of those with
 * news. Safe to run on several processes at once and again after a crash: each alert is taken under
 * a row lock (SKIP LOCKED: two runners share the work), and its day is marked in the transaction
 * that queues its digest, whose unique key (alerta, dia) refuses a second one anyway.
 */
export async function queueDigests(now = new Date(), db: Db = getDb()): Promise<DigestRun> {
  const dia = saoPauloDay(now);
  const run: DigestRun = { verificados: 0, enfileirados: 0 };
  let after = 0;
  for (;;) {
    const ids = await db
      .select({ id: alertas.id })
      .from(alertas)
      .where(and(dueToday(dia), gt(alertas.id, after)))
      .orderBy(asc(alertas.id))
      .limit(BATCH);
    if (!ids.length) break;
    after = ids[ids.length - 1].id;
    for (const { id } of ids) {
      const queued = await digestOne(db, id, dia, now);
      if (queued === null) continue;
      run.verificados++;
      if (queued) run.enfileirados++;
    }
  }
  if (run.enfileirados) emailQueued();
  return run;
}

const dueToday = (dia: string) => and(isNotNull(alertas.confirmado_em), or(isNull(alertas.verificado_dia), lt(alertas.verificado_dia, dia)));

/** One alert: null when another runner has it or did it already; else whether a digest was queued. */
function digestOne(db: Db, id: number, dia: string, now: Date): Promise<boolean | null> {
  return db.transaction(async (tx) => {
    const [alerta] = await tx.select().from(alertas).where(and(eq(alertas.id, id), dueToday(dia))).for("update", { skipLocked: true });
    if (!alerta) return null;
    // 'No máximo uma vez por semana': looked at again tomorrow, news kept for the next digest.
    if (alerta.frequencia === "semanal" && alerta.enviado_dia && daysBetween(alerta.enviado_dia, dia) < 7) {
      await tx.update(alertas).set({ verificado_dia: dia }).where(eq(alertas.id, id));
      return false;
    }
    const desde = alerta.desde ?? alerta.confirmado_em ?? now;
    const novos = await listNewlyPublic(criteriaOf(alerta), desde, now, DIGEST_KEPT, tx);
    const queued = novos.length > 0 && (await queueEnvio(tx, id, "resumo", dia, novos.map((n) => n.id)));
    // Nothing new, or its digest queued: what became public up to `now` has been looked at.
    await tx
      .update(alertas)
      .set({ desde: now, verificado_dia: dia, ...(queued ? { enviado_dia: dia } : {}) })
      .where(eq(alertas.id, id));
    return queued;
  });
}
