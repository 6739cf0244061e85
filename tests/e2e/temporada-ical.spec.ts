// Issue 33 §2, with JavaScript on and off: an iCal URL served on loopback (another site's calendar,
// as Airbnb and Booking publish them) added in the admin's 'Calendário' blocks its dates on the
// property page; a feed that then fails keeps the last good copy and shows the error; the listing's
// own calendario.ics, parsed by a real iCal library (ical.js), carries those periods as all-day events.
import http from "node:http";
import type { AddressInfo } from "node:net";
import ICAL from "ical.js";
import { test, expect, loginAsAdmin, toastShown } from "./helpers";
import { tagOf } from "./mensagens-support";
import { br, plusDays, temporadaListing, weekend } from "./temporada-support";

/** A calendar as Airbnb writes one: all-day events, DTEND the day the guest leaves. */
function airbnbIcs(chegada: string, saida: string) {
  const d = (day: string) => day.replace(/-/g, "");
  return [
    "BEGIN:VCALENDAR",
    "PRODID:-//Airbnb Inc//Hosting Calendar 1.0//EN",
    "CALSCALE:GREGORIAN",
    "VERSION:2.0",
    "BEGIN:VEVENT",
    `DTEND;VALUE=DATE:${d(saida)}`,
    `DTSTART;VALUE=DATE:${d(chegada)}`,
    "UID:1418fb94e984-b2b0c5f8a0f6d2a3b0c@airbnb.com",
    "SUMMARY:Reserved",
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ].join("\r\n");
}

test("an iCal URL on loopback blocks its dates; a failing feed keeps them and shows its error; calendario.ics carries them", async ({ page, open, js, request }, info) => {
  test.slow();
  const w = weekend(35);
  let failing = false;
  const feed = http.createServer((req, res) => {
    if (failing) return res.writeHead(500).end("erro");
    res.writeHead(200, { "Content-Type": "text/calendar; charset=utf-8" }).end(airbnbIcs(w.chegada, w.saida));
  });
  await new Promise<void>((resolve) => feed.listen(0, "127.0.0.2", resolve));
  try {
    const url = `http://127.0.0.2:${(feed.address() as AddressInfo).port}/calendar/ical/123.ics`;
    const listing = await temporadaListing(`Rua Ical ${tagOf(info)}`);
    await open(`/imovel/${listing.id}`);
    await expect(page.locator(`td[title="${br(w.chegada)}: livre"]`)).toBeVisible();

    await loginAsAdmin(page, js, `/admin/imovelEdit/${listing.id}`);
    const section = page.locator("section.calendario-admin");
    await expect(section.getByRole("heading", { name: "Calendário", exact: true })).toBeVisible();
    await section.getByLabel("Endereço iCal").fill(url);
    await section.getByRole("button", { name: "Adicionar calendário" }).click();
    // The post reads the feed before it answers: generous under load.
    await toastShown(page, "Calendário iCal adicionado", { timeout: 30_000 });
    await expect(section.locator(".calendario-feeds")).toContainText("Sincronizado em");
    await expect(section.locator("table.calendario-bloqueios")).toContainText(`${br(w.chegada)}`);

    // The feed fails: 'Sincronizar agora' says so, with its time, and the dates stay blocked.
    failing = true;
    await section.getByRole("button", { name: "Sincronizar agora" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "calendários falharam" })).toBeVisible({ timeout: 30_000 });
    await expect(section.locator(".calendario-feeds")).toContainText("O endereço respondeu 500.");
    await expect(section.locator(".calendario-feeds")).toContainText("as datas da última leitura boa continuam bloqueadas");

    // The visitor's side: both nights booked, 'Verificar datas' refuses them (an admin's page is never cached).
    await open(`/imovel/${listing.id}?chegada=${w.chegada}&saida=${w.saida}&hospedes=2`);
    await expect(page.locator(`td[title="${br(plusDays(w.chegada, 1))}: ocupado"]`)).toBeVisible();
    await expect(page.locator(".cal-answer")).toContainText("Indisponível nessas datas");

    // The listing's own calendar, read by a real iCal library.
    const res = await request.get(`/imovel/${listing.id}/calendario.ics`);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toMatch(/^text\/calendar/);
    const text = await res.text();
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.split("\r\n").every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
    const cal = new ICAL.Component(ICAL.parse(text));
    expect(cal.getFirstPropertyValue("version")).toBe("2.0");
    expect(cal.getFirstPropertyValue("prodid")).toBeTruthy();
    const events = cal.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
    expect(events).toHaveLength(1);
    expect(events[0].startDate.isDate).toBe(true);
    expect(events[0].startDate.toString()).toBe(w.chegada);
    expect(events[0].endDate.toString()).toBe(w.saida);
    expect(events[0].uid).toMatch(/@127\.0\.0\.1/);
    expect(events[0].component.getFirstPropertyValue("dtstamp")).toBeTruthy();
    expect(text).not.toMatch(/Reserved|airbnb|@teste/i);
  } finally {
    feed.close();
  }
});
