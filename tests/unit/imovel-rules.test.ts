import { describe, expect, it } from "vitest";
import { COUNT_FIELDS } from "~/utils/enums";
import { detailRows } from "~/utils/imovel";
import { parseHomeSearch, parseListFilter } from "~/utils/search-schema";

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
  it("defaults to Votuporanga, Locação, every type, 1 bedroom and 1 bathroom", () => {
    expect(parseHomeSearch(new URLSearchParams())).toEqual({
      local: "Votuporanga",
      status: "Locação",
      tipo: "Todos",
      quartos: 1,
      banheiros: 1,
    });
  });
  it("keeps valid choices", () => {
    const q = new URLSearchParams({ local: "Votuporanga", status: "Venda", tipo: "Área de Lazer", quartos: "3", banheiros: "2" });
    expect(parseHomeSearch(q)).toEqual({ local: "Votuporanga", status: "Venda", tipo: "Área de Lazer", quartos: 3, banheiros: 2 });
  });
  it("falls back to defaults on tampered values instead of failing", () => {
    const q = new URLSearchParams({ local: "Paris", status: "Roubo", tipo: "<script>", quartos: "99", banheiros: "-1" });
    expect(parseHomeSearch(q)).toEqual({ local: "Votuporanga", status: "Locação", tipo: "Todos", quartos: 1, banheiros: 1 });
  });
});

describe("list filters", () => {
  it("reads prices written the Brazilian way and ignores junk", () => {
    const f = parseListFilter(new URLSearchParams({ preco_min: "1.500", preco_max: "abc", quartos: "2", ordem: "preco_desc", page: "3" }));
    expect(f).toMatchObject({ preco_min: 1500, preco_max: undefined, quartos: 2, ordem: "preco_desc", page: 3 });
    expect(parseListFilter(new URLSearchParams({ ordem: "drop table", page: "-4" }))).toMatchObject({ ordem: "recentes", page: 1 });
  });
});
