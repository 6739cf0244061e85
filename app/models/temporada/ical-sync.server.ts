// The other sites' calendars of a listing (Airbnb, Booking… publish one iCal URL per listing), read
// every ICAL_SYNC_MINUTES by the job and on 'Sincronizar agora' (issue 33 §2). Parsed by ical.js
// (Mozilla's RFC 5545 parser, maintained for Thunderbird; folding, escaping, time zones and
// recurrences are its business, not ours). A feed that fails keeps the periods of its last good
// sync and records the error and its time; a sync that changes the periods is a content write.
import ICAL from "ical.js";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { getDb } from "../../db/client.server";
import { imovelBloqueios, imovelIcalFeeds } from "../../db/schema";
import { addDays, agencyToday } from "../../utils/mensagem";
import { ESTADIA_MAX_DIAS_A_FRENTE, type Periodo } from "../../utils/temporada";
import { contentWrite } from "../listings/content-version.server";

/** How the server fetches a URL (app/http/outbound-fetch.server.ts, handed in: models know no HTTP). */
export type Fetcher = (url: string, opts: { timeoutMs: number; maxBytes: number }) => Promise<{ status: number; body: Buffer }>;

export const ICAL_TIMEOUT_MS = 15_000;
export const ICAL_MAX_BYTES = 2_000_000;
const MAX_PERIODOS = 1000;
const MAX_OCCURRENCES = 500;

/** YYYY-MM-DD of an ICAL.Time as written (a DATE, or a DATE-TIME in its own zone). */
const dayOf = (t: ICAL.Time) => `${t.year}-${String(t.month).padStart(2, "0")}-${String(t.day).padStart(2, "0")}`;

/**
 * The booked nights of an iCalendar text, from `today` − 30 days to the horizon: DTEND is exclusive
 * (the guest leaves that day); an event without DTEND is one day; a DATE-TIME end after midnight
 * keeps its day booked. Cancelled and transparent (free) events are left out. Throws on a text that
 * is not iCalendar.
 */
export function parseIcal(text: string, today = agencyToday()): Periodo[] {
  let parsed: ReturnType<typeof ICAL.parse>;
  try {
    parsed = ICAL.parse(text);
  } catch (e) {
    // ical.js speaks English ('invalid line (no token ";" or ":")'), the admin reads this on the edit page.
    throw new Error("O conteúdo não é um calendário iCal válido.", { cause: e });
  }
  const root = new ICAL.Component(parsed);
  if (root.name !== "vcalendar") throw new Error("O conteúdo não é um calendário iCal (VCALENDAR).");
  const from = addDays(today, -30);
  const to = addDays(today, ESTADIA_MAX_DIAS_A_FRENTE + 30);
  const periodos: Periodo[] = [];
  const push = (start: ICAL.Time, end: ICAL.Time | null) => {
    const inicio = dayOf(start);
    let endDay = end ? dayOf(end) : addDays(inicio, 1);
    if (end && !end.isDate && (end.hour || end.minute || end.second)) endDay = addDays(endDay, 1);
    if (endDay <= inicio) endDay = addDays(inicio, 1);
    const fim = addDays(endDay, -1);
    if (fim >= from && inicio <= to) periodos.push({ inicio, fim });
  };
  for (const vevent of root.getAllSubcomponents("vevent")) {
    const status = String(vevent.getFirstPropertyValue("status") ?? "").toUpperCase();
    const transp = String(vevent.getFirstPropertyValue("transp") ?? "").toUpperCase();
    if (status === "CANCELLED" || transp === "TRANSPARENT") continue;
    const event = new ICAL.Event(vevent);
    if (!event.startDate) continue;
    if (!event.isRecurring()) {
      push(event.startDate, vevent.hasProperty("dtend") || vevent.hasProperty("duration") ? event.endDate : null);
    } else {
      const it = event.iterator();
      for (let n = 0, next = it.next(); next && n < MAX_OCCURRENCES; n++, next = it.next()) {
        if (dayOf(next) > to) break;
        const occ = event.getOccurrenceDetails(next);
        push(occ.startDate, occ.endDate);
      }
    }
    if (periodos.length > MAX_PERIODOS) throw new Error(`O calendário tem mais de ${MAX_PERIODOS} períodos.`);
  }
  return periodos.sort((a, b) => a.inicio.localeCompare(b.inicio) || a.fim.localeCompare(b.fim));
}

const key = (p: Periodo) => `${p.inicio}/${p.fim}`;

export type SyncOutcome = { ok: true; periodos: number; changed: boolean } | { ok: false; erro: string };

/** Reads one feed now: its periods replace the last good ones (a content write only when they changed). */
export async function syncFeed(feedId: number, fetcher: Fetcher): Promise<SyncOutcome> {
  const db = getDb();
  const [feed] = await db.select().from(imovelIcalFeeds).where(eq(imovelIcalFeeds.id, feedId));
  if (!feed) return { ok: false, erro: "Calendário não encontrado." };
  let periodos: Periodo[];
  try {
    const res = await fetcher(feed.url, { timeoutMs: ICAL_TIMEOUT_MS, maxBytes: ICAL_MAX_BYTES });
    if (res.status !== 200) throw new Error(`O endereço respondeu ${res.status}.`);
    periodos = parseIcal(res.body.toString("utf8"));
  } catch (e) {
    const erro = (e instanceof Error ? e.message : String(e)).slice(0, 500) || "Falha ao ler o calendário.";
    await db.update(imovelIcalFeeds).set({ erro, erro_at: sql`NOW()` }).where(eq(imovelIcalFeeds.id, feedId));
    return { ok: false, erro };
  }
  const old = await db.select({ inicio: imovelBloqueios.inicio, fim: imovelBloqueios.fim }).from(imovelBloqueios).where(eq(imovelBloqueios.feed_id, feedId));
  const same = old.length === periodos.length && old.map(key).sort().join() === periodos.map(key).sort().join();
  const done = { sincronizado_at: sql`NOW()`, erro: null, erro_at: null };
  if (same) {
    await db.update(imovelIcalFeeds).set(done).where(eq(imovelIcalFeeds.id, feedId));
    return { ok: true, periodos: periodos.length, changed: false };
  }
  await contentWrite(async (tx) => {
    await tx.delete(imovelBloqueios).where(eq(imovelBloqueios.feed_id, feedId));
    if (periodos.length) await tx.insert(imovelBloqueios).values(periodos.map((p) => ({ imovel_id: feed.imovel_id, feed_id: feedId, inicio: p.inicio, fim: p.fim })));
    await tx.update(imovelIcalFeeds).set(done).where(eq(imovelIcalFeeds.id, feedId));
  });
  return { ok: true, periodos: periodos.length, changed: true };
}

/** 'Sincronizar agora': every feed of one listing, at once. */
export async function syncImovelFeeds(imovelId: number, fetcher: Fetcher) {
  const feeds = await getDb().select({ id: imovelIcalFeeds.id }).from(imovelIcalFeeds).where(eq(imovelIcalFeeds.imovel_id, imovelId));
  const outcomes: SyncOutcome[] = [];
  for (const f of feeds) {
    await getDb().update(imovelIcalFeeds).set({ tentativa_at: sql`NOW()` }).where(eq(imovelIcalFeeds.id, f.id));
    outcomes.push(await syncFeed(f.id, fetcher));
  }
  return outcomes;
}

/**
 * The job's round: each feed not tried for `minutes`, taken by a conditional update first, so the
 * processes and replicas sharing the database read each feed once per interval.
 */
export async function syncDueFeeds(fetcher: Fetcher, minutes: number) {
  const db = getDb();
  const due = or(isNull(imovelIcalFeeds.tentativa_at), lt(imovelIcalFeeds.tentativa_at, sql`NOW() - INTERVAL ${minutes} MINUTE`));
  const feeds = await db.select({ id: imovelIcalFeeds.id }).from(imovelIcalFeeds).where(due).limit(500);
  let synced = 0;
  for (const f of feeds) {
    const [res] = await db.update(imovelIcalFeeds).set({ tentativa_at: sql`NOW()` }).where(and(eq(imovelIcalFeeds.id, f.id), due));
    if (res.affectedRows === 0) continue;
    await syncFeed(f.id, fetcher);
    synced++;
  }
  return synced;
}
