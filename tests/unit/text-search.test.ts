// The search box (issue 22): codes, the words that reach MariaDB's boolean mode, and the highlight.
import { describe, expect, it } from "vitest";
import { highlight } from "~/utils/highlight";
import { booleanQuery, excerpt, MAX_WORDS, parseCodigo, parseTextSearch } from "~/utils/text-search";

describe("a listing's code in any usual spelling", () => {
  it.each([
    ["VT0042", 42],
    ["vt42", 42],
    ["VT 0042", 42],
    ["  vt-0042 ", 42],
    ["Vt12345", 12345],
  ])("%s → %i", (q, id) => expect(parseCodigo(q)).toBe(id));

  it.each(["VT", "VT0", "42", "VT0042 casa", "VTX42", "casa VT0042", "VT 12345678901"])("%s is not a code", (q) => {
    expect(parseCodigo(q)).toBeNull();
  });

  it("a code is that, not words", () => {
    expect(parseTextSearch("vt 42")).toEqual({ kind: "codigo", id: 42 });
  });
});

describe("the words of a search", () => {
  const words = (q: string) => {
    const t = parseTextSearch(q);
    return t.kind === "words" ? t.words : [];
  };

  it("folds case and accents, keeps each word once", () => {
    expect(words("Jardim AMÉRICA jardim")).toEqual(["jardim", "america"]);
    expect(words("Locação São Paulo")).toEqual(["locacao", "sao", "paulo"]);
  });

  it("leaves out words shorter than InnoDB indexes and stop-words, and says which", () => {
    expect(parseTextSearch("casa com piscina no Jardim Marin")).toEqual({
      kind: "words",
      words: ["casa", "piscina", "jardim", "marin"],
      ignored: ["com", "no"],
    });
  });

  it("a short word or a stop-word alone is no text filter, not an empty search", () => {
    expect(parseTextSearch("de")).toEqual({ kind: "none", ignored: ["de"] });
    expect(parseTextSearch("com")).toEqual({ kind: "none", ignored: ["com"] });
    expect(parseTextSearch("   ")).toEqual({ kind: "none", ignored: [] });
    expect(parseTextSearch(undefined)).toEqual({ kind: "none", ignored: [] });
  });

  it("no operator a visitor types reaches MariaDB: + - * \" ( ) ~ < > @ are separators", () => {
    const typed = `+casa -piscina "jardim marin" (centro) ~sauna <edicula> @2 pisc* 'x'; DROP TABLE`;
    const q = booleanQuery(words(typed));
    expect(q).toBe("+casa* +piscina* +jardim* +marin* +centro* +sauna* +edicula* +pisc*");
    // Each term: a plus, letters or digits, a star. Nothing else.
    for (const term of q.split(" ")) expect(term).toMatch(/^\+[\p{L}\p{N}]+\*$/u);
  });

  it("at most MAX_WORDS words reach the database", () => {
    // Twelve words within the box's 100 characters.
    const typed = Array.from({ length: 12 }, (_, i) => `casa${i}`);
    expect(words(typed.join(" "))).toEqual(typed.slice(0, MAX_WORDS));
    // The rest are named as left out, like short and common words.
    expect(parseTextSearch(typed.join(" "))).toMatchObject({ ignored: typed.slice(MAX_WORDS) });
  });
});

describe("highlight and excerpt", () => {
  it("marks the words that start with a searched word, accents ignored", () => {
    expect(highlight("Rua Tietê, 12 – Jardim América", ["tiete", "amer"])).toEqual([
      { text: "Rua ", mark: false },
      { text: "Tietê", mark: true },
      { text: ", 12 – Jardim ", mark: false },
      { text: "América", mark: true },
    ]);
    expect(highlight("Centro", [])).toEqual([{ text: "Centro", mark: false }]);
  });

  it("an excerpt around the first match, cut at spaces", () => {
    const text = `${"Lorem ipsum dolor sit amet ".repeat(8)}com piscina aquecida e sauna. ${"Fim do texto ".repeat(10)}`;
    const e = excerpt(text, ["pisc"])!;
    expect(e).toContain("piscina aquecida");
    expect(e.startsWith("…") && e.endsWith("…")).toBe(true);
    expect(e.length).toBeLessThanOrEqual(142);
    expect(excerpt(text, ["represa"])).toBeNull();
  });
});
