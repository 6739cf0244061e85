// An iCalendar writer (RFC 5545) for all-day events, the little our export needs: CRLF line endings
// (§3.1), lines folded at 75 octets counting the continuation's leading space and never inside a
// UTF-8 character (§3.1), TEXT values escaped (§3.3.11). ical.js (which parses the other sites'
// feeds) can also serialize, but its folding writes a continuation line of 76 octets (75 after the
// space), past the RFC's limit; this is 40 lines.

const CRLF = "\r\n";
const MAX_OCTETS = 75;

/** TEXT escaping (RFC 5545 §3.3.11): backslash, semicolon, comma, and newlines as \n. */
export function escapeText(value: string) {
  return value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r\n?|\n/g, "\\n");
}

/** One content line folded (§3.1): every physical line ≤ 75 octets, a continuation starts with a space. */
export function foldLine(line: string) {
  const out: string[] = [];
  let current = "";
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    if (octets + size > MAX_OCTETS) {
      out.push(current);
      current = " ";
      octets = 1;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join(CRLF);
}

/** YYYYMMDD from YYYY-MM-DD (DATE, §3.3.4). */
const dateValue = (day: string) => day.replace(/-/g, "");
/** YYYYMMDDTHHMMSSZ (DATE-TIME in UTC, §3.3.5). */
export const utcStamp = (d: Date) => d.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");

export type AllDayEvent = { uid: string; stamp: Date; start: string; endExclusive: string; summary: string };

/** A VCALENDAR of all-day events: DTSTART;VALUE=DATE and DTEND exclusive (§3.6.1, the day after the last). */
export function writeCalendar(opts: { prodId: string; name: string; events: AllDayEvent[] }) {
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", `PRODID:${opts.prodId}`, "CALSCALE:GREGORIAN", "METHOD:PUBLISH", `X-WR-CALNAME:${escapeText(opts.name)}`];
  for (const e of opts.events) {
    lines.push(
      "BEGIN:VEVENT",
      `UID:${e.uid}`,
      `DTSTAMP:${utcStamp(e.stamp)}`,
      `DTSTART;VALUE=DATE:${dateValue(e.start)}`,
      `DTEND;VALUE=DATE:${dateValue(e.endExclusive)}`,
      `SUMMARY:${escapeText(e.summary)}`,
      "TRANSP:OPAQUE",
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return lines.map(foldLine).join(CRLF) + CRLF;
}
