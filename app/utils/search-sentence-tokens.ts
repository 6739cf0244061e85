// The search box's sentence in tokens, and its amounts of money (search-sentence.ts). Pure.
import { fold } from "./highlight";

export type Token = {
  /** as typed (what goes back into the word search) */
  raw: string;
  /** folded, abbreviations spelled out ("Jd." → "jardim"); a number's digits; "r$" */
  word: string;
  /** a number's value, pt-BR ("2.500" = 2500, "1,5" = 1.5) */
  number?: number;
  /** a number written without a decimal part */
  integer?: boolean;
  /** text between double quotes: always words, never a filter */
  quoted?: boolean;
  /** a comma (or ; /) stands between this token and the one before */
  commaBefore?: boolean;
};

// The abbreviations of Brazilian addresses and listings, for bairro names and tipos.
const ABBREVIATIONS: Record<string, string> = {
  jd: "jardim", jdm: "jardim", jar: "jardim", vl: "vila", pq: "parque", pque: "parque", res: "residencial",
  resid: "residencial", cj: "conjunto", conj: "conjunto", sta: "santa", sto: "santo", nsa: "nossa",
};

/** pt-BR digits: "2.500,00" and "2.500" are 2500, "1,5" and "1.5" are 1.5, "1.500.000" a million and a half. */
export function ptNumber(s: string): { value: number; integer: boolean } {
  if (s.includes(",")) {
    const [int, dec] = [s.slice(0, s.lastIndexOf(",")), s.slice(s.lastIndexOf(",") + 1)];
    const value = Number(`${int.replace(/[.,]/g, "")}.${dec}`);
    return { value, integer: /^0*$/.test(dec) };
  }
  const groups = s.split(".");
  if (groups.length > 1 && groups.slice(1).every((g) => g.length === 3)) return { value: Number(groups.join("")), integer: true };
  if (groups.length === 2) return { value: Number(s), integer: false };
  return { value: Number(groups.join("")), integer: groups.length === 1 };
}

const TOKEN = /"[^"]*"?|[rR]\$|\d+(?:[.,]\d+)*|\p{L}+|\p{N}+|[,;/]/gu;

export function tokenize(q: string): Token[] {
  const out: Token[] = [];
  let comma = false;
  for (const [raw] of q.matchAll(TOKEN)) {
    if (raw === "," || raw === ";" || raw === "/") {
      comma = true;
      continue;
    }
    const token: Token = { raw, word: "", commaBefore: comma || undefined };
    comma = false;
    if (raw.startsWith('"')) token.quoted = true;
    else if (/^[rR]\$$/.test(raw)) token.word = "r$";
    else if (/^\d/.test(raw)) {
      const { value, integer } = ptNumber(raw);
      Object.assign(token, { word: raw, number: value, integer });
    }
    else {
      const word = fold(raw);
      token.word = ABBREVIATIONS[word] ?? word;
    }
    if (token.quoted && raw.replace(/"/g, "").trim() === "") continue;
    out.push(token);
  }
  return out;
}

const UNITS: Record<string, number> = { mil: 1_000, k: 1_000, milhao: 1_000_000, milhoes: 1_000_000, mi: 1_000_000, reais: 1 };

export type Amount = { value: number; len: number; unit: boolean; currency: boolean; multiplier: number };

/** "R$ 2.500", "500 mil", "500k", "1,5 milhão", "2.500 reais", "300" at token i; null when there is no number. */
export function parseAmount(tokens: Token[], i: number): Amount | null {
  let len = 0;
  const currency = tokens[i]?.word === "r$";
  if (currency) len += 1;
  const n = tokens[i + len];
  if (n?.number == null || !Number.isFinite(n.number)) return null;
  len += 1;
  let multiplier = 1;
  let unit = false;
  const u = tokens[i + len]?.word;
  if (u != null && Object.hasOwn(UNITS, u)) {
    multiplier = UNITS[u];
    unit = u !== "reais";
    len += 1;
    if (unit && tokens[i + len]?.word === "reais") len += 1;
  }
  const value = Math.round(n.number * multiplier);
  // An amount beyond any listing's price column (decimal(12,2)) is no amount.
  if (!(value > 0) || value >= 1e10) return null;
  return { value, len, unit, currency: currency || u === "reais", multiplier };
}
