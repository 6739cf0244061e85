// Issue 22: the search box against MariaDB's FULLTEXT index: accents and case ignored, prefixes,
// every word required, markup not searched, inactive listings never found, short and common words
// harmless, best matches first, a code as its listing, and /api answering the same as the pages.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getPool } from "~/db/client.server";
import { insertImovel, listPublic, setAtivo } from "~/models/listings/imovel.server";
import * as get_site from "~/routes/api.get_imoveis_site";
import * as lista from "~/routes/_site.$lista";
import * as home from "~/routes/_site._index";
import { listFilterCriteria, parseListFilter } from "~/utils/search-schema";
import { call, req } from "./api-support";
import { resetDb } from "./db";
import { SYSTEM } from "~/models/history/history.server";
import { routeArgs } from "../route-args";

const make = (values: Partial<Parameters<typeof insertImovel>[0]>) => insertImovel({ descricao: "", status: "Venda", tipo: "Casa", bairro: "Centro", ...values });
/** The ids a search box text finds, as the list pages read it. */
const found = async (q: string, extra = "") => {
  const filter = parseListFilter(new URLSearchParams(`q=${encodeURIComponent(q)}${extra}`));
  return (await listPublic(listFilterCriteria(filter), { sort: filter.ordem })).data.map((c) => c.id);
};

/** A page's loader: a redirect is thrown as a Response, data is returned. */
async function page(mod: { loader: (a: never) => Promise<unknown> }, path: string, params: Record<string, string> = {}) {
  try {
    return { data: (await mod.loader(routeArgs(req(path), params) as never)) as { page?: { total: number }; results?: { total: number } } };
  } catch (e) {
    if (e instanceof Response) return { redirect: e };
    throw e;
  }
}

let ids: Record<string, number>;
beforeAll(async () => {
  await resetDb();
  ids = {
    america: await make({ bairro: "Jardim América", endereco: "Rua Amazonas" }),
    piscina: await make({ bairro: "Jardim Marin", descricao: "<p>Casa com <strong>piscina</strong> aquecida &amp; churrasqueira.</p>" }),
    piscinaTwice: await make({ bairro: "Jardim Marin", descricao: "<p>Piscina grande. Piscina infantil. Piscina aquecida.</p>" }),
    apto: await make({ tipo: "Apartamento", status: "Locação", bairro: "Centro", descricao: "<p>Sacada com vista.</p>" }),
    hidden: await make({ bairro: "Jardim Marin", descricao: "<p>Piscina escondida.</p>" }),
    markup: await make({ descricao: '<p><a href="https://exemplo.com/strongbox">site</a></p>' }),
  };
  await setAtivo(SYSTEM, ids.hidden, "nao");
});
afterAll(closeDb);

describe("search by words", () => {
  it("accents and case ignored: 'jardim america' finds 'Jardim América'", async () => {
    expect(await found("jardim america")).toEqual([ids.america]);
    expect(await found("JARDIM AMÉRICA")).toEqual([ids.america]);
  });

  it("prefixes count, every word must match, inactive listings are never found", async () => {
    expect((await found("pisc")).sort()).toEqual([ids.piscina, ids.piscinaTwice].sort());
    expect(await found("pisc churras")).toEqual([ids.piscina]);
    expect(await found("piscina escondida")).toEqual([]);
  });

  it("the description's markup is not searched: tags, attributes and entities", async () => {
    expect(await found("strong")).toEqual([]);
    expect(await found("strongbox")).toEqual([]);
    expect(await found("href")).toEqual([]);
    expect(await found("amp")).toEqual([]);
  });

  it("street, city, tipo and the status's words are searched", async () => {
    expect(await found("amazonas")).toEqual([ids.america]);
    expect(await found("apartamento alugar votuporanga")).toEqual([ids.apto]);
  });

  it("best matches first unless the visitor picks an order", async () => {
    expect(await found("piscina")).toEqual([ids.piscinaTwice, ids.piscina]);
    expect(await found("piscina", "&ordem=recentes")).toEqual([ids.piscinaTwice, ids.piscina].sort((a, b) => b - a));
  });

  it("combines with the filters and pages", async () => {
    expect(await found("jardim", "&bairro=Jardim+Marin")).toHaveLength(2);
    const filter = parseListFilter(new URLSearchParams("q=jardim&page=2"));
    const page = await listPublic(listFilterCriteria(filter), { page: filter.page, pageSize: 2 });
    expect({ total: page.total, page: page.page, n: page.data.length }).toEqual({ total: 3, page: 2, n: 1 });
    const past = await listPublic(listFilterCriteria(filter), { page: 99, pageSize: 2 });
    expect({ page: past.page, n: past.data.length }).toEqual({ page: 2, n: 1 });
  });

  it("a stop-word or a short word alone is no filter, not an empty list or a 500", async () => {
    const all = await found("");
    expect(all.length).toBe(5);
    expect(await found("de")).toEqual(all);
    expect(await found("com")).toEqual(all);
    expect(await found("casa com piscina")).toEqual(expect.arrayContaining([ids.piscina, ids.piscinaTwice]));
    expect(await found(`+ - * " ( ) ~ < > @`)).toEqual(all);
  });

  it("the cards of a match in the description carry its excerpt", async () => {
    const page = await listPublic({ words: ["churrasq"] });
    expect(page.data[0].trecho).toBe("Casa com piscina aquecida & churrasqueira.");
    expect((await listPublic({ words: ["amazonas"] })).data[0].trecho).toBeUndefined();
  });

  it("EXPLAIN reads the full-text index", async () => {
    const [plan] = (await getPool().query("EXPLAIN SELECT id FROM imoveis WHERE ativo = 'sim' AND MATCH(busca) AGAINST('+pisc*' IN BOOLEAN MODE)")) as unknown as [{ key: string }[]];
    expect(plan[0].key).toBe("imoveis_busca_ft");
  });
});

describe("a listing's code", () => {
  it("lands on the listing (302) from a list page and the home search, whatever the other filters", async () => {
    const code = `VT${String(ids.apto).padStart(4, "0")}`;
    for (const [mod, path, params] of [
      [lista, `/venda?q=${code}`, { lista: "venda" }],
      [lista, `/imoveis?q=vt${ids.apto}`, { lista: "imoveis" }],
      [home, `/?q=VT+${String(ids.apto).padStart(4, "0")}&status=Venda`, {}],
    ] as const) {
      const res = await page(mod, path, params);
      expect(res.redirect?.status, path).toBe(302);
      expect(res.redirect?.headers.get("location")).toBe(`/imovel/${ids.apto}`);
    }
  });

  it("an inactive or missing listing's code is the usual 'no results'", async () => {
    expect((await page(lista, `/imoveis?q=VT${ids.hidden}`, { lista: "imoveis" })).data?.page?.total).toBe(0);
    expect((await page(lista, "/imoveis?q=VT999999", { lista: "imoveis" })).data?.page?.total).toBe(0);
    expect((await page(home, `/?q=VT${ids.hidden}`)).data?.results?.total).toBe(0);
  });
});

describe("/api/get_imoveis_site?q=", () => {
  it("answers as the pages do", async () => {
    const res = await call(get_site, req("/api/get_imoveis_site?q=pisc+churras"));
    expect(res.status).toBe(200);
    expect(res.body.data.map((c: { id: number }) => c.id)).toEqual([ids.piscina]);
    expect(res.body.total).toBe(1);
    const code = await call(get_site, req(`/api/get_imoveis_site?q=VT${ids.apto}`));
    expect(code.body.data.map((c: { id: number }) => c.id)).toEqual([ids.apto]);
  });
});
