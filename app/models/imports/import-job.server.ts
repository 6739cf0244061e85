// The import as a job (issue 32): one row of `importacoes` per import, claimed so that only one runs
// at a time on every process and replica (the unique `em_curso`), its progress written as it goes and
// its heartbeat (`batida_em`) moved every few seconds by the process running it. A job whose heartbeat
// stopped (the server restarted, the process died) is 'interrompida': whoever reads it says so.
import { and, desc, eq, lt, sql } from "drizzle-orm";
import { getDb, type Db, type Tx } from "../../db/client.server";
import { importacoes, type Importacao } from "../../db/schema";
import { DomainError } from "../errors";

/** How often the running process says it is alive. */
export const BEAT_MS = 2000;
/** A job silent this long is taken as interrupted (a restart, a crash). */
export const STALE_MS = 20_000;

export const ALREADY_RUNNING = "Já há uma importação em andamento. Espere ela terminar para começar outra.";

/** Marks as interrupted every running job whose heartbeat stopped. */
export async function markInterrupted(now = new Date()) {
  await getDb()
    .update(importacoes)
    .set({ estado: "interrompida", em_curso: null, terminado_em: sql`NOW(3)`, erro: "a importação foi interrompida (o servidor reiniciou ou parou no meio); os imóveis já importados ficaram completos" })
    .where(and(eq(importacoes.estado, "executando"), lt(importacoes.batida_em, new Date(now.getTime() - STALE_MS))));
}

/** Claims the one import slot; a conflict DomainError when another import is running. */
export async function claimJob(origem: string, publicar: boolean, usuarioEmail: string | null) {
  await markInterrupted();
  try {
    const [res] = await getDb()
      .insert(importacoes)
      .values({ origem: origem.slice(0, 1000), publicar: publicar ? "sim" : "nao", usuario_email: usuarioEmail, em_curso: 1 });
    return Number(res.insertId);
  } catch (e) {
    // drizzle wraps the driver's error: the code is on its cause.
    const code = (e as { code?: string }).code ?? (e as { cause?: { code?: string } }).cause?.code;
    if (code === "ER_DUP_ENTRY") throw new DomainError("conflict", ALREADY_RUNNING);
    throw e;
  }
}

/** The heartbeat, with the progress so far. */
export function beat(id: number, progress: { lidos: number; total: number }) {
  return getDb()
    .update(importacoes)
    .set({ ...progress, batida_em: sql`NOW(3)` })
    .where(and(eq(importacoes.id, id), eq(importacoes.estado, "executando")));
}

/** The end: 'concluida' or 'falhou' with the reason; the slot is free again. */
export function finishJob(id: number, end: { erro?: string; lidos?: number; total?: number }) {
  return getDb()
    .update(importacoes)
    .set({ estado: end.erro ? "falhou" : "concluida", erro: end.erro?.slice(0, 1000) ?? null, em_curso: null, terminado_em: sql`NOW(3)`, ...(end.lidos == null ? {} : { lidos: end.lidos, total: end.total }) })
    .where(eq(importacoes.id, id));
}

/** A job as its page shows it (an interrupted one already marked as such). */
export async function getJob(id: number): Promise<Importacao | null> {
  await markInterrupted();
  const [row] = await getDb().select().from(importacoes).where(eq(importacoes.id, id)).limit(1);
  return row ?? null;
}

/** The last imports, newest first (/admin/importar). */
export async function recentJobs(limit = 10) {
  await markInterrupted();
  return getDb().select().from(importacoes).orderBy(desc(importacoes.id)).limit(limit);
}

/** The newest import that ended well: the only one whose feed says which listings left it. */
export async function latestConcludedId(db: Db | Tx = getDb()): Promise<number | null> {
  const [row] = await db.select({ id: importacoes.id }).from(importacoes).where(eq(importacoes.estado, "concluida")).orderBy(desc(importacoes.id)).limit(1);
  return row?.id ?? null;
}
