// What a visitor types in "Buscar por bairro, rua ou código" (issue 22), read once for the query
// (listings' FULLTEXT index, MariaDB boolean mode) and for the cards' highlight. Client-safe.

import { fold } from "./highlight";

export { fold };

export const Q_MAX = 100;
/** At most this many words reach the database: enough for any real search, bounded for a hostile one. */
export const MAX_WORDS = 8;
/**
 * InnoDB indexes no word shorter than innodb_ft_min_token_size (3 by default, MariaDB and MySQL):
 * a shorter required word ('+no*') would match only longer words that start with it ('nova'), so it is
 * left out, and the visitor is told.
 */
export const MIN_WORD = 3;

// InnoDB's default stop-words (information_schema.INNODB_FT_DEFAULT_STOPWORD) are not indexed either: a
// required one makes every search empty ('casa com piscina' → nothing). The Portuguese words a
// visitor puts between the words that matter are indexed but would demand to be in the text too.
const STOP_WORDS = new Set([
  ...["a", "about", "an", "are", "as", "at", "be", "by", "com", "de", "en", "for", "from", "how", "i", "in", "is", "it", "la"],
  ...["of", "on", "or", "that", "the", "this", "to", "was", "what", "when", "where", "who", "will", "with", "und", "www"],
  ...["para", "pra", "por", "pelo", "pela", "uma", "umas", "uns", "dos", "das", "nos", "nas", "num", "numa", "que", "sem"],
  ...["mais", "ate", "entre", "perto", "proximo", "proxima", "imovel", "imoveis"],
]);

/** A listing's public code in any usual spelling — VT0042, vt42, VT 0042, VT-42 — as its id. */
export function parseCodigo(q: string): number | null {
  const m = /^\s*vt[\s-]*0*([1-9]\d{0,8})\s*$/i.exec(q);
  return m ? Number(m[1]) : null;
}

export type TextSearch =
  | { kind: "codigo"; id: number }
  | { kind: "words"; words: string[]; ignored: string[] }
  | { kind: "none"; ignored: string[] };

/**
 * The search box's text: a code, the words to require (letters and digits only, so no operator a
 * visitor types — + - * " ( ) ~ < > @ — ever reaches MariaDB), and the words left out. Nothing
 * searchable left (only short or common words) is no text filter at all, never an empty list.
 */
export function parseTextSearch(q: string | undefined): TextSearch {
  if (!q) return { kind: "none", ignored: [] };
  const id = parseCodigo(q);
  if (id != null) return { kind: "codigo", id };
  const words: string[] = [];
  const ignored: string[] = [];
  for (const raw of q.slice(0, Q_MAX).split(/[^\p{L}\p{N}]+/u)) {
    if (!raw) continue;
    const word = fold(raw);
    // Too short, too common, or past MAX_WORDS: left out, and named under the box.
    if (word.length < MIN_WORD || STOP_WORDS.has(word) || (words.length === MAX_WORDS && !words.includes(word))) {
      if (!ignored.includes(raw)) ignored.push(raw);
    } else if (!words.includes(word)) words.push(word);
  }
  return words.length ? { kind: "words", words, ignored } : { kind: "none", ignored };
}

/** The boolean-mode query: every word required, as a prefix ('pisc' finds 'piscina'). */
export function booleanQuery(words: readonly string[]) {
  return words.map((w) => `+${w}*`).join(" ");
}

/**
 * Up to `max` characters of `text` around its first word that matches (for a card whose match is in
 * the description), or null when no word of it matches.
 */
export function excerpt(text: string, words: readonly string[], max = 140): string | null {
  const re = /[\p{L}\p{N}]+/gu;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const token = fold(m[0]);
    if (!words.some((w) => token.startsWith(w))) continue;
    let start = Math.max(0, m.index - Math.floor(max / 3));
    if (start > 0) start = text.indexOf(" ", start) + 1 || start;
    let end = Math.min(text.length, start + max);
    if (end < text.length) end = text.lastIndexOf(" ", end) > m.index ? text.lastIndexOf(" ", end) : end;
    return `${start > 0 ? "…" : ""}${text.slice(start, end).trim()}${end < text.length ? "…" : ""}`;
  }
  return null;
}
