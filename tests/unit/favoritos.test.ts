// Issue 22: the favourites cookie is the visitor's to change: only listing ids are read from it.
import { describe, expect, it } from "vitest";
import { FAVORITOS_MAX, parseFavoritos, serializeFavoritos, sharedListPath } from "~/utils/favoritos";

describe("the favourites list", () => {
  it("keeps ids in their order, each once, from dots, commas or spaces", () => {
    expect(parseFavoritos("42.7.19")).toEqual([42, 7, 19]);
    expect(parseFavoritos("42,7 19.42")).toEqual([42, 7, 19]);
    expect(serializeFavoritos([42, 7])).toBe("42.7");
    expect(sharedListPath([42, 7])).toBe("/favoritos?ids=42,7");
  });

  it("drops what is not an id", () => {
    expect(parseFavoritos("0.-3.abc.4e2.12abc.3147483648.5")).toEqual([5]);
    expect(parseFavoritos("")).toEqual([]);
    expect(parseFavoritos(null)).toEqual([]);
  });

  it(`reads at most ${FAVORITOS_MAX}`, () => {
    expect(parseFavoritos(Array.from({ length: 80 }, (_, i) => i + 1).join("."))).toHaveLength(FAVORITOS_MAX);
  });
});
