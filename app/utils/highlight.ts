// The search's words marked on the cards (issue 22), apart from the rest of text-search.ts: every
// card imports it, and the pages that never search should not carry the search's parsing.

/** Lower case without accents: how words are compared (the index's collation does the same). */
export function fold(s: string) {
  return s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/**
 * `text` in pieces, each word that starts with one of `words` marked (the cards' <mark>): the same
 * prefix rule as the query, accents and case ignored.
 */
export function highlight(text: string, words: readonly string[]): { text: string; mark: boolean }[] {
  if (!words.length) return [{ text, mark: false }];
  const out: { text: string; mark: boolean }[] = [];
  for (const piece of text.split(/([\p{L}\p{N}]+)/u)) {
    if (!piece) continue;
    const mark = /[\p{L}\p{N}]/u.test(piece) && words.some((w) => fold(piece).startsWith(w));
    const last = out.at(-1);
    if (last && last.mark === mark) last.text += piece;
    else out.push({ text: piece, mark });
  }
  return out;
}
