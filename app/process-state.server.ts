// Everything this process keeps between requests, in one place. Each module that holds state asks
// for its slot here by one of these names, so what a process holds can be read in one list:
//   db            the primary's and the replica's pools (db/client.server.ts)
//   readRouting   which database a request's public reads use, and the replica's back-off (db/read-db.server.ts)
//   contentGuard  whether the code running is inside contentWrite (db/content-guard.server.ts)
//   photoStore    the photo store and its S3 sockets (services/storage/store.server.ts)
//   content       the content version last read and who to tell of a write (models/listings/content-version.server.ts)
//   publicReads   public reads kept per content version (models/listings/public-reads.server.ts)
//   mailWorker    the agency e-mail worker of this process (jobs/mail-worker.server.ts)
//   maintenance   the daily photo sweep's timer (jobs/maintenance.server.ts)
//   alertas       the alerts' digest timer (jobs/alertas.server.ts)
//   visualizacoes the views per listing counted and not yet written, and their timer (jobs/visualizacoes-counter.server.ts)
//   temporada     the timer of the content's day and the iCal feeds' sync (jobs/temporada.server.ts)
//   lembretes     the morning reminders' timer and the run under way (jobs/lembretes.server.ts)
// Why on globalThis and not in module variables: `react-router dev` evaluates the app's modules again
// on every change, and a pool or a timer kept in a module variable would then be opened again on
// each reload. In production the build is loaded once and this is one object among others.
const NAMES = ["db", "readRouting", "contentGuard", "photoStore", "content", "publicReads", "mailWorker", "maintenance", "alertas", "visualizacoes", "temporada", "lembretes"] as const;

export type SlotName = (typeof NAMES)[number];

const slots: Map<SlotName, unknown> = ((globalThis as { __imobProcess?: Map<SlotName, unknown> }).__imobProcess ??= new Map());

/** This process's state called `name`, made by `init` on first use. */
export function processSlot<T>(name: SlotName, init: () => T): T {
  if (!NAMES.includes(name)) throw new Error(`Estado de processo desconhecido: ${name}`);
  if (!slots.has(name)) slots.set(name, init());
  return slots.get(name) as T;
}

/** The slots this process has made so far (tests, diagnostics). */
export function processSlotNames(): SlotName[] {
  return [...slots.keys()];
}
