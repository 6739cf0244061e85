// CSV files that open right in a pt-BR Excel (issue 24): UTF-8 with a BOM (without it Excel reads
// the accents as Windows-1252), `;` between fields (a pt-BR Excel takes `,` as the decimal mark),
// CRLF rows, one header row; dates dd/mm/aaaa in the agency's time zone, money and areas as plain
// numbers with a decimal comma and no thousands separator, so Excel reads them as numbers. The
// quoting is csv-stringify's.
import { stringify } from "csv-stringify/sync";

export type CsvCell = string | number | null | undefined;
export type CsvColumn<T> = { header: string; value: (row: T) => CsvCell };

let dateFormat: Intl.DateTimeFormat | undefined;
let timeFormat: Intl.DateTimeFormat | undefined;

/** 26/11/2026, the day in São Paulo. A yyyy-mm-dd string (a DATE column) is taken as that day. */
export function csvDate(value: Date | string | null | undefined): string {
  if (!value) return "";
  if (typeof value === "string") {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    return m ? `${m[3]}/${m[2]}/${m[1]}` : "";
  }
  dateFormat ??= new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo", day: "2-digit", month: "2-digit", year: "numeric" });
  return dateFormat.format(value);
}

/** 16:05, the time in São Paulo. */
export function csvTime(value: Date | null | undefined): string {
  if (!value) return "";
  timeFormat ??= new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  return timeFormat.format(value);
}

/** "1234567.50" (a DECIMAL) → "1234567,50"; empty when there is none. */
export function csvDecimal(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  const n = Number(value);
  return Number.isFinite(n) ? n.toFixed(2).replace(".", ",") : "";
}

export const csvYesNo = (value: boolean | "sim" | "nao") => (value === true || value === "sim" ? "Sim" : "Não");

/**
 * A cell typed by someone else (a visitor's name or message) that starts like a formula is read
 * by Excel as one (=HYPERLINK(…), +cmd…): a leading apostrophe keeps it text (OWASP, CSV injection).
 */
function inert(cell: CsvCell): CsvCell {
  return typeof cell === "string" && /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/** The file's text: BOM, header row, one row per item. */
export function toCsv<T>(columns: CsvColumn<T>[], rows: T[]): string {
  return stringify(
    rows.map((row) => columns.map((c) => inert(c.value(row)) ?? "")),
    { bom: true, delimiter: ";", record_delimiter: "\r\n", header: true, columns: columns.map((c) => c.header), quoted_match: [/[\r\n]/, /^\s|\s$/] },
  );
}

/** The download: `name-yyyy-mm-dd.csv`, never kept by a browser or proxy. */
export function csvResponse<T>(name: string, columns: CsvColumn<T>[], rows: T[], today = new Date()): Response {
  const day = csvDate(today).split("/").reverse().join("-");
  return new Response(toCsv(columns, rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}-${day}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
