import { describe, expect, it } from "vitest";
import { COUNT_FIELDS } from "~/utils/enums";
import { detailRows } from "~/utils/imovel";
import { sliderText } from "~/utils/search";
import { homeSearchCriteria, homeSearchSchema, listFilterSchema, parseHomeSearch, parseListFilter } from "~/utils/search-schema";

const zeroCounts = Object.fromEntries(COUNT_FIELDS.map((f) => [f, 0])) as Record<(typeof COUNT_FIELDS)[number], number>;
const base = { ...zeroCounts, forro: null, portao: null, pintura: null, telhado: null, piso: null, area: "0.00" };

describe("detailRows (produto §2 DETALHES)", () => {
  it("shows nothing for an empty listing", () => {
    expect(detailRows(base)).toEqual([]);
  });
  it("shows counts only when greater than 0", () => {
    const rows = detailRows({ ...base, quartos: 3, suite: 1, garagem: 0 });
    expect(rows).toEqual([
      { label: "Quartos", value: "3" },
      { label: "Suíte", value: "1" },
    ]);
  });
  it("shows forro, portao, pintura, telhado and piso when set", () => {
    const rows = detailRows({ ...base, forro: "Gesso", portao: "Elétrico", pintura: "Novo", telhado: "Reparado", piso: "Danificado" });
    expect(rows.map((r) => `${r.label}: ${r.value}`)).toEqual([
      "Forro: Gesso",
      "Portão: Elétrico",
      "Pintura: Novo",
      "Telhado: Reparado",
      "Piso: Danificado",
    ]);
  });
  it("shows the area above 0 with unit 'mt'", () => {
    expect(detailRows({ ...base, area: "125.50" })).toEqual([{ label: "Área", value: "125,5 mt" }]);
    expect(detailRows({ ...base, area: "0" })).toEqual([]);
  });
});

describe("home search criteria (produto §5)", () => {
  // Changed on purpose (produto §10): the sliders start at 0, 'qualquer', so a listing without
  // bedrooms or bathrooms (a Terreno) is found; they used to start at 1.
  it("defaults to Votuporanga, Locação, every type, any number of bedrooms and bathrooms", () => {
    const parsed = parseHomeSearch(new URLSearchParams());
    expect(parsed).toEqual({ local: "Votuporanga", status: "Locação", tipo: "Todos", quartos: 0, banheiros: 0 });
    expect(homeSearchCriteria(parsed)).toEqual({ cidade: "Votuporanga", status: "Locação", tipo: undefined, quartos: undefined, banheiros: undefined });
    expect(homeSearchCriteria({ ...parsed, quartos: 1, banheiros: 2 })).toMatchObject({ quartos: 1, banheiros: 2 });
  });
  it("says the slider's position as the label shows it", () => {
    expect(sliderText(0)).toBe("qualquer");
    expect(sliderText(1)).toBe("1 ou mais");
    expect(sliderText(5)).toBe("5 ou mais");
  });
  it("keeps valid choices", () => {
    const q = new URLSearchParams({ local: "Votuporanga", status: "Venda", tipo: "Área de Lazer", quartos: "3", banheiros: "2" });
    expect(parseHomeSearch(q)).toEqual({ local: "Votuporanga", status: "Venda", tipo: "Área de Lazer", quartos: 3, banheiros: 2 });
  });
  it("falls back to defaults on tampered values instead of failing", () => {
    const q = new URLSearchParams({ local: "Paris", status: "Roubo", tipo: "<script>", quartos: "99", banheiros: "-1" });
    expect(parseHomeSearch(q)).toEqual({ local: "Votuporanga", status: "Locação", tipo: "Todos", quartos: 0, banheiros: 0 });
  });
});

describe("list filters", () => {
  it("reads prices written the Brazilian way and ignores junk", () => {
    const f = parseListFilter(new URLSearchParams({ preco_min: "1.500", preco_max: "abc", quartos: "2", ordem: "preco_desc", page: "3" }));
    expect(f).toMatchObject({ preco_min: 1500, preco_max: undefined, quartos: 2, ordem: "preco_desc", page: 3 });
    // A junk order is no order: the list shows its default (shownSort: the newest first without words).
    expect(parseListFilter(new URLSearchParams({ ordem: "drop table", page: "-4" }))).toMatchObject({ ordem: undefined, page: 1 });
    expect(parseListFilter(new URLSearchParams({ q: "  VT0042  " })).q).toBe("VT0042");
    expect(parseListFilter(new URLSearchParams({ q: "x".repeat(300) })).q).toHaveLength(100);
  });
  it("gives a list without filters the schema's defaults, a fresh object each time", () => {
    // The no-search case skips zod (parsed once); a caller changing its copy must not change the next.
    const f = parseListFilter(new URLSearchParams());
    expect(f).toEqual(listFilterSchema.parse({}));
    f.page = 9;
    expect(parseListFilter(new URLSearchParams()).page).toBe(1);
    const h = parseHomeSearch(new FormData());
    h.quartos = 3;
    expect(parseHomeSearch(new URLSearchParams())).toEqual(homeSearchSchema.parse({}));
  });
});
