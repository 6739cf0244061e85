// Issue 33: the search box read as a sentence. Each form a visitor writes, and the sentences that
// must stay words (a street that holds a bairro's name, a house number, a year, "até 3 quartos"…).
import { describe, expect, it } from "vitest";
import { ptNumber } from "~/utils/search-sentence-tokens";
import { readSentence } from "~/utils/search-sentence";
import { searchChips, understoodUrl } from "~/utils/search-chips";

// Votuporanga's kind of names: multi-word, with Jardim/Vila/Parque, an accent, and one that is a street's too.
const BAIRROS = ["Centro", "Patrimônio Velho", "Vila Paes", "Pozzobon", "Jardim Marin", "Parque das Palmeiras", "Jardim Santa Luzia", "Vila Muniz", "Jardim Alvorada", "Residencial Estância", "Vila Alvorada", "Pernambuco", "Chácara Aeroporto"];
const read = (q: string) => readSentence(q, BAIRROS);

describe("the sentences of issue 33", () => {
  it.each([
    ["casa 3 quartos centro até 500 mil", { tipo: "Casa", quartos: 3, bairro: "Centro", preco_max: 500_000 }, ""],
    ["apartamento 2 dorms aluguel", { tipo: "Apartamento", quartos: 2, status: "Locação" }, ""],
    ["rancho represa temporada", { tipo: "Rancho", status: "Temporada" }, "represa"],
    ["sobrado jardim marin com piscina", { tipo: "Sobrado", bairro: "Jardim Marin" }, "piscina"],
    ["terreno até 150 mil", { tipo: "Terreno", preco_max: 150_000 }, ""],
  ])("%s", (q, understood, rest) => expect(read(q)).toEqual({ understood, rest }));
});

describe("status", () => {
  it.each([
    ["aluguel", "Locação"], ["alugar", "Locação"], ["Locação", "Locação"], ["locacao", "Locação"], ["para alugar", "Locação"],
    ["venda", "Venda"], ["comprar", "Venda"], ["à venda", "Venda"], ["A VENDA", "Venda"], ["temporada", "Temporada"],
  ])("%s → %s", (q, status) => expect(read(`casa ${q}`)).toEqual({ understood: { tipo: "Casa", status }, rest: "" }));
});

describe("tipo", () => {
  it.each([
    ["apto", "Apartamento"], ["Apartamento", "Apartamento"], ["casa", "Casa"], ["CASAS", "Casa"], ["sobrado", "Sobrado"],
    ["terreno", "Terreno"], ["lote", "Terreno"], ["kitnet", "Kitnet"], ["quitinete", "Kitnet"], ["chácara", "Rancho"],
    ["rancho", "Rancho"], ["sala comercial", "Sala Comercial"], ["salão", "Salão Comercial"], ["galpão", "Salão Industrial"],
    ["casa de condomínio", "Casa Condominio"], ["casa em condominio", "Casa Condominio"], ["área de lazer", "Área de Lazer"], ["loja", "Loja Comercial"],
  ])("%s → %s", (q, tipo) => expect(read(q).understood).toEqual({ tipo }));
});

describe("counts: at least N", () => {
  it.each([
    ["3 quartos", { quartos: 3 }], ["3 dorms", { quartos: 3 }], ["3 dormitórios", { quartos: 3 }], ["três quartos", { quartos: 3 }],
    ["3+ quartos", { quartos: 3 }], ["3 quartos ou mais", { quartos: 3 }], ["2 suítes", { suites: 2 }], ["uma suíte", { suites: 1 }],
    ["2 banheiros", { banheiros: 2 }], ["2 vagas", { vagas: 2 }], ["com garagem", { vagas: 1 }], ["com suíte", { suites: 1 }],
    ["3quartos", { quartos: 3 }],
  ])("%s", (q, understood) => expect(read(q)).toEqual({ understood, rest: "" }));

  it("'2 dorms' is bedrooms and '2 banheiros' bathrooms, side by side", () => {
    expect(read("apartamento 2 dorms 2 banheiros 1 vaga").understood).toEqual({ tipo: "Apartamento", quartos: 2, banheiros: 2, vagas: 1 });
  });
});

describe("price", () => {
  it.each([
    ["até 500 mil", { preco_max: 500_000 }],
    ["até R$ 2.500", { preco_max: 2_500 }],
    ["ate r$2.500,00", { preco_max: 2_500 }],
    ["até 2500 reais", { preco_max: 2_500 }],
    ["de 200 a 300 mil", { preco_min: 200_000, preco_max: 300_000 }],
    ["entre 200 mil e 1,2 milhão", { preco_min: 200_000, preco_max: 1_200_000 }],
    ["1,5 milhão", { preco_max: 1_500_000 }],
    ["acima de 1 milhão", { preco_min: 1_000_000 }],
    ["a partir de 800 mil", { preco_min: 800_000 }],
    ["500k", { preco_max: 500_000 }],
    ["no máximo 1.200", { preco_max: 1_200 }],
  ])("%s", (q, understood) => expect(read(q)).toEqual({ understood, rest: "" }));

  it("reads pt-BR numbers", () => {
    expect(ptNumber("2.500")).toEqual({ value: 2500, integer: true });
    expect(ptNumber("1.500.000")).toEqual({ value: 1_500_000, integer: true });
    expect(ptNumber("1,5")).toEqual({ value: 1.5, integer: false });
    expect(ptNumber("2.500,00")).toEqual({ value: 2500, integer: true });
  });
});

describe("bairro", () => {
  it.each([
    ["centro", "Centro"], ["CENTRO", "Centro"], ["jardim marin", "Jardim Marin"], ["jd marin", "Jardim Marin"], ["Jd. Marin", "Jardim Marin"],
    ["vl paes", "Vila Paes"], ["vila muniz", "Vila Muniz"], ["marin", "Jardim Marin"], ["santa luzia", "Jardim Santa Luzia"],
    ["parque palmeiras", "Parque das Palmeiras"], ["patrimonio velho", "Patrimônio Velho"], ["no bairro Pozzobon", "Pozzobon"],
    ["residencial estancia", "Residencial Estância"], ["chácara aeroporto", "Chácara Aeroporto"],
  ])("%s → %s", (q, bairro) => expect(read(q)).toEqual({ understood: { bairro }, rest: "" }));

  it("a name two bairros end with is theirs only written whole", () => {
    expect(read("alvorada")).toEqual({ understood: {}, rest: "alvorada" });
    expect(read("vila alvorada").understood).toEqual({ bairro: "Vila Alvorada" });
  });

  it("bairros come from the listings: a name no listing has is a word", () => {
    expect(readSentence("casa jardim europa", ["Centro"])).toEqual({ understood: { tipo: "Casa" }, rest: "jardim europa" });
  });
});

describe("what stays words", () => {
  it("'casa com 3 quartos e quintal': quintal is a feature, searched as a word", () => {
    expect(read("casa com 3 quartos e quintal")).toEqual({ understood: { tipo: "Casa", quartos: 3 }, rest: "quintal" });
  });

  it("a street that holds a bairro's name is an address, not the bairro", () => {
    expect(read("Rua Pernambuco 1200")).toEqual({ understood: {}, rest: "Rua Pernambuco 1200" });
    expect(read("Rua Jardim Marin")).toEqual({ understood: {}, rest: "Rua Jardim Marin" });
    expect(read("casa av. Centro 300, pozzobon")).toEqual({ understood: { tipo: "Casa", bairro: "Pozzobon" }, rest: "av Centro 300" });
  });

  it("a house number, a year or a CEP is no count and no price", () => {
    expect(read("rua amazonas 3000")).toEqual({ understood: {}, rest: "rua amazonas 3000" });
    expect(read("casa construída em 2019")).toEqual({ understood: { tipo: "Casa" }, rest: "construída 2019" });
    expect(read("15500-000")).toEqual({ understood: {}, rest: "15500-000" });
    expect(read("apartamento 2019").understood).toEqual({ tipo: "Apartamento" });
  });

  it("'até 3 quartos' is at most, which the filters cannot say: words", () => {
    expect(read("ate 3 quartos")).toEqual({ understood: {}, rest: "ate 3 quartos" });
  });

  it("a count nobody means is no count, and 'até 3' no price", () => {
    expect(read("1500 quartos").understood).toEqual({});
    expect(read("até 3").understood).toEqual({});
  });

  it("a second tipo or bairro is a word, quoted so the next reading keeps it one", () => {
    expect(read("casa com edícula")).toEqual({ understood: { tipo: "Casa" }, rest: '"edícula"' });
    expect(read('"edícula"')).toEqual({ understood: {}, rest: '"edícula"' });
    expect(read("terreno com casa centro pozzobon")).toEqual({ understood: { tipo: "Terreno", bairro: "Centro" }, rest: '"casa" "pozzobon"' });
  });

  it("'apartamento ou casa' is either: no tipo at all", () => {
    expect(read("apartamento ou casa 2 quartos")).toEqual({ understood: { quartos: 2 }, rest: "" });
    expect(read("venda ou aluguel").understood).toEqual({});
  });

  it("quoted text is always words", () => {
    expect(read('"casa 3 quartos" centro')).toEqual({ understood: { bairro: "Centro" }, rest: '"casa 3 quartos"' });
  });

  it("a sentence with nothing to read is given back as typed", () => {
    for (const q of ["piscina aquecida", "de com para", "🏠🏠", "+piscina -quintal*", "'; DROP TABLE imoveis; --", "x".repeat(2000)]) {
      expect(read(q)).toEqual({ understood: {}, rest: q.trim() });
    }
  });

  it("operators, emoji and 2,000 characters do not break it", () => {
    expect(read("🏠 casa!!! (3) quartos* +centro").understood).toEqual({ tipo: "Casa", quartos: 3, bairro: "Centro" });
    const long = `casa ${"piscina ".repeat(300)}`;
    expect(read(long).understood).toEqual({ tipo: "Casa" });
  });
});

describe("chips and the URL", () => {
  it("a sentence leads to its list's URL with the filters and the words left", () => {
    const { understood, rest } = read("casa 3 quartos centro até 500 mil venda piscina");
    expect(understoodUrl(new URLSearchParams("ordem=preco_asc&page=3&q=x"), understood, rest, "Locação")).toBe(
      "/venda?ordem=preco_asc&q=piscina&tipo=Casa&bairro=Centro&quartos=3&preco_max=500000",
    );
    expect(understoodUrl(new URLSearchParams(), { tipo: "Casa" }, "", undefined)).toBe("/imoveis?tipo=Casa");
  });

  it("each chip is the same list without its part; the status chip leads to all listings", () => {
    expect(searchChips("/venda", "?tipo=Casa&quartos=3&preco_max=500000&q=piscina&page=2", "Venda")).toEqual([
      { label: "Venda", href: "/imoveis?tipo=Casa&quartos=3&preco_max=500000&q=piscina" },
      { label: "Casa", href: "/venda?quartos=3&preco_max=500000&q=piscina" },
      { label: "3+ quartos", href: "/venda?tipo=Casa&preco_max=500000&q=piscina" },
      { label: "até R$ 500.000", href: "/venda?tipo=Casa&quartos=3&q=piscina" },
      { label: "“piscina”", href: "/venda?tipo=Casa&quartos=3&preco_max=500000" },
    ]);
    expect(searchChips("/imoveis", "?suites=1&vagas=2&preco_min=1000000")).toEqual([
      { label: "1+ suíte", href: "/imoveis?vagas=2&preco_min=1000000" },
      { label: "2+ vagas", href: "/imoveis?suites=1&preco_min=1000000" },
      { label: "a partir de R$ 1.000.000", href: "/imoveis?suites=1&vagas=2" },
    ]);
    expect(searchChips("/venda", "", "Venda")).toEqual([]);
  });
});

describe("repeats", () => {
  it("the same part twice is said once", () => {
    expect(read("casa casa casas 3 quartos 3 dorms")).toEqual({ understood: { tipo: "Casa", quartos: 3 }, rest: "" });
  });
});
