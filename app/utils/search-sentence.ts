// The search box read as a visitor's sentence (issue 33): "casa 3 quartos centro até 500 mil" is the
// form's own filters (tipo, quartos, bairro, preço) and what is left is searched as words. Pure and
// client-safe; the bairros come from the listings (the caller passes them). Accents and case never
// matter. When in doubt a word stays a word: a wrong filter hides listings, a word only ranks them.
import type { Status, Tipo } from "./enums";
import { parseAmount, type Token, tokenize } from "./search-sentence-tokens";
import { COUNT_WORDS, CONNECTORS, NUMBER_WORDS, STATUS_PHRASES, STREET_WORDS, TIPO_PHRASES, bairroPhrases, type CountKey, type Phrase } from "./search-sentence-words";

export type { CountKey };

/** What the sentence set, in the list filters' names (search-schema.ts). */
export type Understood = {
  status?: Status;
  tipo?: Tipo;
  bairro?: string;
  quartos?: number;
  suites?: number;
  banheiros?: number;
  vagas?: number;
  preco_min?: number;
  preco_max?: number;
};

/** The sentence: the filters it names and the rest, the text left for the word search. */
export type Sentence = { understood: Understood; rest: string };

/** At most this many: a count beyond it is not what anyone types for a house ("1500 quartos"). */
export const COUNT_LIMIT = 10;
/** A bare number is a price only from here ("até 3" is no price; "até 900" is a rent). */
const MIN_BARE_PRICE = 100;

const MAX = ["ate", "abaixo de", "menos de", "no maximo", "maximo", "max", "por ate"];
const MIN = ["acima de", "a partir de", "partir de", "mais de", "no minimo", "minimo", "min", "desde"];

function at(tokens: Token[], i: number, phrase: string): number {
  const words = phrase.split(" ");
  for (let k = 0; k < words.length; k++) if (tokens[i + k]?.word !== words[k]) return 0;
  return words.length;
}
function longest(tokens: Token[], i: number, phrases: readonly Phrase<unknown>[]) {
  let best: { len: number; value: unknown } | null = null;
  for (const p of phrases) {
    const len = at(tokens, i, p.words);
    if (len && (!best || len > best.len)) best = { len, value: p.value };
  }
  return best;
}

/** "3 quartos", "3+ dorms", "três suítes", "2 vagas ou mais", "com suíte", "com garagem". */
function readCount(tokens: Token[], i: number): { key: CountKey; n: number; len: number } | null {
  const t = tokens[i];
  const word = t?.word;
  if (word === "com") {
    const next = tokens[i + 1]?.word;
    if (next === "suite") return { key: "suites", n: 1, len: 2 };
    if (next === "garagem" || next === "vaga") return { key: "vagas", n: 1, len: 2 };
    return null;
  }
  // "até 3 quartos" says at most: the filters only know "at least", so those stay words.
  if (tokens[i - 1]?.word === "ate" || tokens[i - 1]?.word === "maximo") return null;
  const n = t?.number != null && t.integer ? t.number : word != null ? NUMBER_WORDS[word] : undefined;
  if (n == null || n < 1 || n > COUNT_LIMIT) return null;
  let len = 1;
  if (at(tokens, i + len, "ou mais")) len += 2;
  const key = COUNT_WORDS[tokens[i + len]?.word ?? ""];
  if (!key) return null;
  len += 1;
  if (at(tokens, i + len, "ou mais")) len += 2;
  return { key, n, len };
}

/** An amount where a price is expected: "500 mil", "R$ 2.500", "1,5 milhão", "2500". */
function amountAt(tokens: Token[], i: number, bare: boolean) {
  const a = parseAmount(tokens, i);
  if (!a) return null;
  // "até 3 quartos" is a count: a number followed by a count word is never a price.
  if (!a.unit && COUNT_WORDS[tokens[i + a.len]?.word ?? ""]) return null;
  if (!a.unit && !a.currency && (bare || a.value < MIN_BARE_PRICE)) return null;
  return a;
}

type Price = { preco_min?: number; preco_max?: number; len: number };
/** "até 500 mil", "acima de 1 milhão", "de 200 a 300 mil", "entre 200 e 300 mil", "R$ 2.500", "1,5 milhão". */
function readPrice(tokens: Token[], i: number): Price | null {
  for (const lead of ["de", "entre"]) {
    const l = at(tokens, i, lead);
    if (!l) continue;
    const from = parseAmount(tokens, i + l);
    if (!from) continue;
    const sep = at(tokens, i + l + from.len, "a") || at(tokens, i + l + from.len, "ate") || at(tokens, i + l + from.len, "e");
    const to = sep ? amountAt(tokens, i + l + from.len + sep, false) : null;
    if (!to) continue;
    // The unit of the second amount is the first's too: "de 200 a 300 mil".
    const low = from.unit || from.currency ? from.value : from.value * to.multiplier;
    if (low > to.value) continue;
    return { preco_min: low, preco_max: to.value, len: l + from.len + sep + to.len };
  }
  for (const [leads, key] of [[MAX, "preco_max"], [MIN, "preco_min"]] as const) {
    for (const lead of leads) {
      const l = at(tokens, i, lead);
      const a = l ? amountAt(tokens, i + l, false) : null;
      if (a) return { [key]: a.value, len: l + a.len };
    }
  }
  // An amount alone is a budget when it says it is money (a unit or R$): "1,5 milhão", "R$ 900".
  const a = amountAt(tokens, i, true);
  return a ? { preco_max: a.value, len: a.len } : null;
}

/**
 * Street words and the name after them ("Rua Jardim Marin", "Av. 7 de Setembro 300") are an address:
 * words, never a bairro. The name ends at a comma, at the house number, at a part of another kind
 * ("até 300 mil") or after four words.
 */
function streetLength(tokens: Token[], i: number, places: readonly Phrase<unknown>[]) {
  if (!STREET_WORDS.has(tokens[i]?.word ?? "")) return 0;
  let len = 1;
  while (i + len < tokens.length && len <= 5) {
    const t = tokens[i + len];
    if (t.commaBefore || t.quoted) break;
    if (len > 1 && (readCount(tokens, i + len) || readPrice(tokens, i + len) || longest(tokens, i + len, STATUS_PHRASES))) break;
    if (len > 1 && !CONNECTORS.has(t.word) && t.number == null && (longest(tokens, i + len, TIPO_PHRASES) || (len > 2 && longest(tokens, i + len, places)))) break;
    len += 1;
    if (t.number != null && len > 2) break;
  }
  return len;
}

/**
 * Reads `q`: each part of it that names one of the filters, once (the first wins; a second one of
 * the same kind stays words), and the words left. Quoted text ("jardim marin") is always words.
 */
export function readSentence(q: string | undefined, bairros: readonly string[]): Sentence {
  const understood: Understood = {};
  // "apartamento ou casa": either one, so neither is a filter (and neither a required word).
  const either = new Set<keyof Understood>();
  if (!q) return { understood, rest: "" };
  const tokens = tokenize(q);
  const used = new Array<boolean>(tokens.length).fill(false);
  const take = (i: number, len: number) => used.fill(true, i, i + len);
  const places = bairroPhrases(bairros);
  const literal = new Map<number, number>();
  let any = false;
  for (let i = 0; i < tokens.length; ) {
    if (tokens[i].quoted) {
      i += 1;
      continue;
    }
    const street = streetLength(tokens, i, places);
    if (street) {
      i += street;
      continue;
    }
    const place = longest(tokens, i, places);
    const status = longest(tokens, i, STATUS_PHRASES);
    const tipo = longest(tokens, i, TIPO_PHRASES);
    const count = readCount(tokens, i);
    const price = count ? null : readPrice(tokens, i);
    // The longest reading wins; a bairro's name beats a tipo word of the same length ("Chácara Aeroporto").
    const best = [
      place && { len: place.len, apply: () => setOnce("bairro", place.value as string, i) },
      count && { len: count.len, apply: () => setOnce(count.key, count.n) },
      price && { len: price.len, apply: () => (price.preco_min != null || price.preco_max != null) && setPrice(price) },
      status && { len: status.len, apply: () => setOnce("status", status.value as Status, i) },
      tipo && { len: tipo.len, apply: () => setOnce("tipo", tipo.value as Tipo, i) },
    ].reduce<{ len: number; apply: () => boolean } | null>((b, c) => (c && (!b || c.len > b.len) ? c : b), null);
    if (best && best.apply()) {
      take(i, best.len);
      any = true;
      i += best.len;
    } else if (best) {
      // A second tipo or bairro ("casa com edícula"): a word, quoted so that reading the rest
      // again (it is the next URL's q) keeps it a word.
      literal.set(i, best.len);
      i += best.len;
    } else i += 1;
  }

  function setOnce<K extends keyof Understood>(key: K, value: Understood[K], from?: number) {
    if (either.has(key)) return true;
    if (understood[key] == null) {
      understood[key] = value;
      return true;
    }
    // The same one again ("casa … casas") is said once.
    if (understood[key] === value) return true;
    if (from == null || tokens[from - 1]?.word !== "ou") return false;
    delete understood[key];
    either.add(key);
    return true;
  }
  function setPrice(p: Price) {
    if ((p.preco_min != null && understood.preco_min != null) || (p.preco_max != null && understood.preco_max != null)) return false;
    if (p.preco_min != null) understood.preco_min = p.preco_min;
    if (p.preco_max != null) understood.preco_max = p.preco_max;
    return true;
  }

  if (!any) return { understood, rest: q.trim() };
  // The words between the parts ("com", "e", "de", "no bairro") go with them.
  const rest: string[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k];
    const len = literal.get(k);
    if (len) {
      rest.push(`"${tokens.slice(k, k + len).map((w) => w.raw).join(" ")}"`);
      k += len - 1;
    } else if (!used[k] && (t.quoted || !CONNECTORS.has(t.word))) rest.push(t.raw);
  }
  return { understood, rest: rest.join(" ") };
}
