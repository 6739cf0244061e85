// The words of search-sentence.ts: how visitors name a status, a tipo, a count, a street; folded
// (no accents, lower case), as tokenize() spells them. Pure.
import type { Status, Tipo } from "./enums";
import { tokenize } from "./search-sentence-tokens";

/** Some words in a row, folded and space-separated, and what they mean. */
export type Phrase<T> = { words: string; value: T };

const phrases = <T,>(table: [T, string[]][]): Phrase<T>[] => table.flatMap(([value, list]) => list.map((words) => ({ words, value })));

export const STATUS_PHRASES = phrases<Status>([
  ["Locação", ["aluguel", "alugar", "aluga", "locacao", "para alugar", "pra alugar", "para locacao"]],
  ["Venda", ["venda", "a venda", "para venda", "comprar", "para comprar", "compra", "vende"]],
  ["Temporada", ["temporada", "para temporada", "de temporada"]],
]);

export const TIPO_PHRASES = phrases<Tipo>([
  ["Apartamento", ["apartamento", "apartamentos", "apto", "aptos", "apt"]],
  ["Casa", ["casa", "casas"]],
  ["Casa Condominio", ["casa condominio", "casa de condominio", "casa em condominio", "casas de condominio", "casas em condominio"]],
  ["Sobrado", ["sobrado", "sobrados"]],
  ["Terreno", ["terreno", "terrenos", "lote", "lotes"]],
  ["Kitnet", ["kitnet", "kitnets", "kitinete", "kitnete", "quitinete", "quitinetes", "quitinete", "kit net"]],
  ["Rancho", ["rancho", "ranchos", "chacara", "chacaras"]],
  ["Rural", ["sitio", "sitios", "fazenda", "area rural", "imovel rural"]],
  ["Sala Comercial", ["sala comercial", "salas comerciais", "conjunto comercial"]],
  ["Salão Comercial", ["salao", "saloes", "salao comercial", "saloes comerciais"]],
  ["Salão Industrial", ["salao industrial", "galpao", "galpoes", "barracao", "barracoes"]],
  ["Loja Comercial", ["loja", "lojas", "loja comercial", "ponto comercial"]],
  ["Edícula", ["edicula"]],
  ["Área de Lazer", ["area de lazer"]],
]);

/** The counts the filters have, each "at least N". */
export type CountKey = "quartos" | "suites" | "banheiros" | "vagas";

export const COUNT_WORDS: Record<string, CountKey> = Object.fromEntries([
  ...["quarto", "quartos", "qto", "qtos", "qts", "dorm", "dorms", "dormitorio", "dormitorios"].map((w) => [w, "quartos"]),
  ...["suite", "suites"].map((w) => [w, "suites"]),
  ...["banheiro", "banheiros", "banh", "wc"].map((w) => [w, "banheiros"]),
  ...["vaga", "vagas", "garagem", "garagens"].map((w) => [w, "vagas"]),
]);

export const NUMBER_WORDS: Record<string, number> = { um: 1, uma: 1, dois: 2, duas: 2, tres: 3, quatro: 4, cinco: 5, seis: 6 };

/** The words between the parts of a sentence: they go with the parts, not to the word search. */
export const CONNECTORS = new Set(["com", "e", "de", "do", "da", "dos", "das", "em", "no", "na", "nos", "nas", "num", "numa", "para", "pra", "o", "a", "os", "as", "ou", "um", "uma", "bairro"]);

/** What starts an address: the name after it is a street's, even when a bairro has it too. */
export const STREET_WORDS = new Set(["rua", "r", "avenida", "av", "travessa", "tv", "alameda", "al", "estrada", "rodovia", "rod", "praca", "largo", "viela"]);

// The words a bairro's name starts with that visitors leave out ("marin" for Jardim Marin).
const GENERIC = new Set(["jardim", "vila", "parque", "residencial", "conjunto", "habitacional", "loteamento", "nucleo", "bairro", "recanto"]);

const spelled = (name: string) => tokenize(name).map((t) => t.word);

/**
 * The bairros as phrases: each name as written, without its inner connectors ("parque palmeiras"),
 * and without its generic first words ("marin", "santa luzia") when no other bairro ends the same way.
 */
export function bairroPhrases(bairros: readonly string[]): Phrase<string>[] {
  const out: Phrase<string>[] = [];
  const tails = new Map<string, string[]>();
  for (const name of bairros) {
    const words = spelled(name);
    if (!words.length) continue;
    const bare = words.filter((w, k) => k === 0 || !CONNECTORS.has(w));
    for (const w of new Set([words.join(" "), bare.join(" ")])) out.push({ words: w, value: name });
    let k = 0;
    while (k < words.length - 1 && (GENERIC.has(words[k]) || CONNECTORS.has(words[k]))) k += 1;
    const tail = words.slice(k).filter((w) => !CONNECTORS.has(w));
    // A tail that is a word of another kind (a tipo, a count) or a short word is no bairro on its own.
    if (k === 0 || !tail.length || (tail.length === 1 && tail[0].length < 4)) continue;
    const key = tail.join(" ");
    if (TIPO_PHRASES.some((p) => p.words === key) || STATUS_PHRASES.some((p) => p.words === key) || COUNT_WORDS[key]) continue;
    tails.set(key, [...(tails.get(key) ?? []), name]);
  }
  const full = new Set(out.map((p) => p.words));
  for (const [words, names] of tails) if (names.length === 1 && !full.has(words)) out.push({ words, value: names[0] });
  return out;
}
