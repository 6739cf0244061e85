// pt-BR number formatting written out by hand: Intl puts a no-break space after "R$", and the
// spec's mask (and the original app) uses a plain "R$ ".
function groupThousands(intPart: string) {
  return intPart.replace(/\B(?=(\d{3})+(?!\d))/g, ".");
}

export function formatMoney(value: string | number) {
  const n = typeof value === "number" ? value : Number(value);
  if (!Number.isFinite(n)) return "R$ 0,00";
  const [int, dec] = Math.abs(n).toFixed(2).split(".");
  return `${n < 0 ? "-" : ""}R$ ${groupThousands(int)},${dec}`;
}

/** "120.50" → "120,5"; whole numbers without decimals. */
export function formatNumber(value: string | number) {
  const n = typeof value === "number" ? value : Number(value);
  if (!Number.isFinite(n)) return "0";
  const [int, dec] = String(Math.round(n * 100) / 100).split(".");
  return dec ? `${groupThousands(int)},${dec}` : groupThousands(int);
}

/**
 * Reads a price typed by a person or an old client: "R$ 1.234,56", "1234,56", "1234.56",
 * "1.234" (thousands). Returns the value as a DECIMAL string, or null when it is not a price.
 */
export function parseMoney(input: string): string | null {
  let s = input.replace(/R\$/i, "").replace(/[\s\u00a0]/g, "");
  if (s === "") return "0.00";
  if (!/^\d[\d.,]*$/.test(s)) return null;
  const lastComma = s.lastIndexOf(",");
  const lastDot = s.lastIndexOf(".");
  if (lastComma > -1) {
    // Comma is the decimal mark; dots are thousands separators.
    if (s.indexOf(",") !== lastComma || lastDot > lastComma) return null;
    s = s.replace(/\./g, "").replace(",", ".");
  } else if (lastDot > -1) {
    const parts = s.split(".");
    const decimals = parts[parts.length - 1];
    // One dot followed by 1-2 digits is a decimal point (s stays as it is); otherwise dots group thousands.
    const decimalPoint = parts.length === 2 && decimals.length <= 2;
    if (!decimalPoint) {
      if (!parts.slice(1).every((p) => p.length === 3)) return null;
      s = parts.join("");
    }
  }
  const n = Number(s);
  if (!Number.isFinite(n) || n < 0 || n >= 1e10) return null;
  return n.toFixed(2);
}

// Built on first use, not when the module loads: a time-zoned Intl formatter costs ~25 ms of CPU
// (ICU zone data), and every public page imports this module for formatMoney alone — evaluated at
// startup it was the largest part of the scripts' first long task (issue 11, TBT).
let dateTime: Intl.DateTimeFormat | undefined;

/** "23/11/2026 16:21", in the agency's time zone whatever the server's or the browser's. */
export function formatDateTime(value: Date | string) {
  const d = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return "";
  dateTime ??= new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo", dateStyle: "short", timeStyle: "short" });
  return dateTime.format(d).replace(",", "");
}
