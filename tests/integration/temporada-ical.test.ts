// Issue 33 §2: the iCal side of a Temporada calendar, against real parts (MariaDB, an HTTP server on
// 127.0.0.2, ical.js). Our calendario.ics as a real iCal library reads it (RFC 5545: CRLF, folding at
// 75 octets, TEXT escaping, all-day events with an exclusive DTEND); the other sites' feeds as they
// write them; a sync that fails keeping the last good copy (the outbound rules are import-outbound.test.ts's: one
// fetchOutbound for both).
import http from "node:http";
import type { AddressInfo } from "node:net";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb } from "~/db/client.server";
import { fetchOutboundWhole } from "~/http/outbound-fetch.server";
import { currentContentVersion } from "~/models/listings/content-version.server";
import { insertImovel } from "~/models/listings/imovel.server";
import { addBloqueio, addIcalFeed, getCalendarioAdmin } from "~/models/temporada/calendario.server";
import { calendarioIcs } from "~/models/temporada/ical-export.server";
import { parseIcal, syncFeed } from "~/models/temporada/ical-sync.server";
import { escapeText, foldLine, writeCalendar } from "~/services/ical-writer.server";
import { addDays, agencyToday } from "~/utils/mensagem";
import { resetDb } from "./db";

const today = agencyToday();
const d = (n: number) => addDays(today, n);
const ymd = (day: string) => day.replace(/-/g, "");

let served = { status: 200, body: "" };
let server: http.Server;
let base = "";
beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === "/redirect") return res.writeHead(302, { Location: `${base}/feed.ics` }).end();
    if (req.url === "/grande") return res.writeHead(200).end("x".repeat(3_000_000));
    if (req.url === "/gota-a-gota") {
      // A byte every 200 ms, for ever: never idle long enough for the inactivity timeout.
      res.writeHead(200, { "Content-Type": "text/calendar" });
      const t = setInterval(() => res.write("B"), 200);
      return void res.on("close", () => clearInterval(t));
    }
    res.writeHead(served.status, { "Content-Type": "text/calendar" }).end(served.body);
  });
  // 127.0.0.2: the one private address the tests let the server fetch (IMPORT_ALLOW_ADDRESSES, vitest.config.ts).
  await new Promise<void>((r) => server.listen(0, "127.0.0.2", r));
  base = `http://127.0.0.2:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.close();
  await closeDb();
});

async function temporadaImovel() {
  await resetDb();
  return insertImovel({ tipo: "Rancho", status: "Temporada", preco: "0", endereco: "Estrada da Represa", numero: "1", bairro: "Represa", descricao: "" });
}

describe("calendario.ics", () => {
  it("is an RFC 5545 calendar a real iCal library reads: all-day events, exclusive DTEND, CRLF, lines ≤ 75 octets, no personal data", async () => {
    const id = await temporadaImovel();
    await addBloqueio(id, { inicio: d(10), fim: d(11), nota: "Família Souza, (17) 99999-0000" });
    await addBloqueio(id, { inicio: d(20), fim: d(20), nota: "" });
    const text = await calendarioIcs({ id, codigo: `VT${String(id).padStart(4, "0")}` }, "imobiliaria.test");
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of text.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(text).not.toMatch(/Souza|99999/);
    const cal = new ICAL.Component(ICAL.parse(text));
    expect(cal.getFirstPropertyValue("version")).toBe("2.0");
    expect(String(cal.getFirstPropertyValue("prodid"))).toContain("Imobiliaria");
    const events = cal.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
    expect(events.map((e) => [e.startDate.toString(), e.endDate.toString(), e.startDate.isDate])).toEqual([
      [d(10), d(12), true],
      [d(20), d(21), true],
    ]);
    expect(new Set(events.map((e) => e.uid)).size).toBe(2);
    for (const e of events) {
      expect(e.uid).toMatch(/@imobiliaria\.test$/);
      expect(e.component.getFirstPropertyValue("dtstamp")).toBeTruthy();
    }
  });

  it("folds long lines at 75 octets without splitting a UTF-8 character, and escapes TEXT, as ical.js reads back", () => {
    const summary = "Ocupado; fim de semana, feriado \\ réveillon – ção ".repeat(4) + "\nsegunda linha";
    const text = writeCalendar({ prodId: "-//t//t//PT", name: "x", events: [{ uid: "u@t", stamp: new Date("2026-01-01T00:00:00Z"), start: "2026-12-31", endExclusive: "2027-01-02", summary }] });
    const lines = text.split("\r\n");
    expect(lines.some((l) => l.startsWith(" "))).toBe(true);
    for (const l of lines) expect(Buffer.byteLength(l)).toBeLessThanOrEqual(75);
    expect(escapeText("a;b,c\\d\ne")).toBe("a\\;b\\,c\\\\d\\ne");
    expect(foldLine("x".repeat(75))).toBe("x".repeat(75));
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent("vevent")!);
    expect(event.summary).toBe(summary);
    expect(event.endDate.toString()).toBe("2027-01-02");
  });
});

describe("the other sites' feeds", () => {
  it("reads Airbnb's and Booking's shapes: DATE events, DATE-TIME ends, no DTEND, cancelled and free events left out, recurrences", () => {
    const text = [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Booking.com//NONSGML//EN",
      "BEGIN:VEVENT", `DTSTART;VALUE=DATE:${ymd(d(5))}`, `DTEND;VALUE=DATE:${ymd(d(7))}`, "UID:a@booking.com", "SUMMARY:CLOSED - Not available", "END:VEVENT",
      "BEGIN:VEVENT", `DTSTART:${ymd(d(12))}T140000`, `DTEND:${ymd(d(14))}T110000`, "UID:b@x", "END:VEVENT",
      "BEGIN:VEVENT", `DTSTART;VALUE=DATE:${ymd(d(30))}`, "UID:c@x", "END:VEVENT",
      "BEGIN:VEVENT", `DTSTART;VALUE=DATE:${ymd(d(40))}`, `DTEND;VALUE=DATE:${ymd(d(41))}`, "STATUS:CANCELLED", "UID:d@x", "END:VEVENT",
      "BEGIN:VEVENT", `DTSTART;VALUE=DATE:${ymd(d(50))}`, `DTEND;VALUE=DATE:${ymd(d(51))}`, "TRANSP:TRANSPARENT", "UID:e@x", "END:VEVENT",
      "BEGIN:VEVENT", `DTSTART;VALUE=DATE:${ymd(d(60))}`, `DTEND;VALUE=DATE:${ymd(d(61))}`, "RRULE:FREQ=WEEKLY;COUNT=2", "UID:f@x", "END:VEVENT",
      "END:VCALENDAR", "",
    ].join("\r\n");
    expect(parseIcal(text, today)).toEqual([
      { inicio: d(5), fim: d(6) },
      // Arrives on d(12) at 14:00, leaves d(14) at 11:00: d(14) keeps its morning booked.
      { inicio: d(12), fim: d(14) },
      { inicio: d(30), fim: d(30) },
      { inicio: d(60), fim: d(60) },
      { inicio: d(67), fim: d(67) },
    ]);
    expect(() => parseIcal("<html>não é um calendário</html>", today)).toThrow();
  });

  it("a sync that changes the dates is a content write; a failing one keeps the last good copy with its error and time", async () => {
    const id = await temporadaImovel();
    const feedId = await addIcalFeed(id, `${base}/feed.ics`);
    served = { status: 200, body: ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//t//t//EN", "BEGIN:VEVENT", `DTSTART;VALUE=DATE:${ymd(d(3))}`, `DTEND;VALUE=DATE:${ymd(d(5))}`, "UID:x@t", "END:VEVENT", "END:VCALENDAR", ""].join("\r\n") };
    const v0 = await currentContentVersion();
    expect(await syncFeed(feedId, fetchOutboundWhole)).toEqual({ ok: true, periodos: 1, changed: true });
    const v1 = await currentContentVersion();
    expect(v1).toBeGreaterThan(v0);
    // The same dates again: no content write (the page cache keeps its copies).
    expect(await syncFeed(feedId, fetchOutboundWhole)).toEqual({ ok: true, periodos: 1, changed: false });
    expect(await currentContentVersion()).toBe(v1);

    served = { status: 503, body: "fora do ar" };
    expect(await syncFeed(feedId, fetchOutboundWhole)).toEqual({ ok: false, erro: "O endereço respondeu 503." });
    const cal = await getCalendarioAdmin(id);
    expect(cal.bloqueios.map((b) => [b.inicio, b.fim, b.feedId])).toEqual([[d(3), d(4), feedId]]);
    expect(cal.feeds[0].erro).toBe("O endereço respondeu 503.");
    expect(cal.feeds[0].erroAt).toBeTruthy();
    expect(cal.feeds[0].sincronizadoAt).toBeTruthy();
    expect(await currentContentVersion()).toBe(v1);
  });
});

describe("fetchOutboundWhole", () => {
  it("gives up on a calendar still arriving after its total time, however often a byte comes", async () => {
    const started = Date.now();
    await expect(fetchOutboundWhole(`${base}/gota-a-gota`, { timeoutMs: 1_000, totalMs: 2_000, maxBytes: 1_000_000 })).rejects.toThrow(/resposta incompleta em 2 s/);
    // Bounded by the total time (generous margin for a busy machine), not by the size limit.
    expect(Date.now() - started).toBeLessThan(30_000);
  });
});
