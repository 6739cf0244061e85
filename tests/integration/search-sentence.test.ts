// Issue 33 against MariaDB: a sentence's filters on the pages (302 to the list URL) and /api, the
// results satisfying them, relevance on the words left, and a common word's capped list.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getPool } from "~/db/client.server";
import { insertImovel, listPublic } from "~/models/listings/imovel.server";
import { COMMON_CAP, FULLTEXT_MAX } from "~/models/listings/text-search-common.server";
import * as get_site from "~/routes/api.get_imoveis_site";
import * as lista from "~/routes/_site.$lista";
import * as home from "~/routes/_site._index";
import { call, req } from "./api-support";
import { resetDb } from "./db";
import { callRoute } from "../support/route-call";

const make = (values: Partial<Parameters<typeof insertImovel>[0]>) =>
  insertImovel({ descricao: "<p>Perto de tudo.</p>", status: "Venda", tipo: "Casa", bairro: "Centro", quartos: 2, preco: "300000.00", ...values });
const page = (mod: { loader: (a: never) => Promise<unknown> }, path: string, params: Record<string, string> = {}) =>
  callRoute<{ page?: { total: number; data: { id: number }[] } }>(mod.loader, req(path), params);

let ids: Record<string, number>;
beforeAll(async () => {
  await resetDb();
  ids = {
    marin3: await make({ bairro: "Jardim Marin", quartos: 3, descricao: "<p>Piscina e quintal.</p>" }),
    marin3Pool: await make({ bairro: "Jardim Marin", quartos: 3, descricao: "<p>Piscina aquecida. Piscina infantil. Piscina coberta.</p>" }),
    marin1: await make({ bairro: "Jardim Marin", quartos: 1, descricao: "<p>Piscina.</p>" }),
    marinApto: await make({ bairro: "Jardim Marin", tipo: "Apartamento", quartos: 3, descricao: "<p>Piscina no condomínio.</p>" }),
    marinCaro: await make({ bairro: "Jardim Marin", quartos: 4, preco: "900000.00", descricao: "<p>Piscina.</p>" }),
    centro: await make({ quartos: 3, descricao: "<p>Piscina.</p>" }),
    aluguel: await make({ status: "Locação", bairro: "Jardim Marin", quartos: 3, preco: "2000.00", descricao: "<p>Piscina.</p>" }),
  };
});
afterAll(closeDb);

describe("a sentence on the pages", () => {
  it("is sent to the list URL of what it understood, the words left in q", async () => {
    const res = await page(lista, `/imoveis?q=${encodeURIComponent("casa 3 quartos jd marin até 500 mil à venda piscina")}&ordem=&page=2`, { lista: "imoveis" });
    expect(res.status).toBe(302);
    expect(res.location).toBe("/venda?q=piscina&tipo=Casa&bairro=Jardim+Marin&quartos=3&preco_max=500000");
    const shown = await page(lista, res.location!, { lista: "venda" });
    expect(shown.status).toBe(200);
    // Every result satisfies the filters; the words left rank them: three times 'piscina' first.
    expect(shown.body?.page?.data.map((c) => c.id)).toEqual([ids.marin3Pool, ids.marin3]);
  });

  it("the home's sentence opens the list of its status; without one it stays on the home", async () => {
    const res = await page(home, `/?status=Loca%C3%A7%C3%A3o&tipo=Todos&quartos=0&q=${encodeURIComponent("3 quartos marin")}`);
    expect(res.location).toBe("/locacao?bairro=Jardim+Marin&quartos=3");
    expect((await page(home, "/?status=Venda&q=piscina")).status).toBe(200);
  });

  it("a list URL's own words are not read again", async () => {
    expect((await page(lista, "/venda?q=%22casa%22", { lista: "venda" })).status).toBe(200);
    expect((await page(lista, "/venda?q=piscina+quintal", { lista: "venda" })).status).toBe(200);
  });
});

describe("/api/get_imoveis_site?q=", () => {
  it("applies the sentence without a redirect", async () => {
    const res = await call(get_site, req(`/api/get_imoveis_site?q=${encodeURIComponent("casa 3 dorms marin até 500 mil piscina")}&status=Venda`));
    expect(res.status).toBe(200);
    expect(res.body.data.map((c: { id: number }) => c.id)).toEqual([ids.marin3Pool, ids.marin3]);
    const rent = await call(get_site, req(`/api/get_imoveis_site?q=${encodeURIComponent("aluguel 3 quartos marin")}&status=Venda`));
    expect(rent.body.data.map((c: { id: number }) => c.id)).toEqual([ids.aluguel]);
  });
});

describe("a word in more than FULLTEXT_MAX listings", () => {
  it("lists its first matches in the list's order instead of ranking them all", async () => {
    // Ranked, three times 'piscina' comes first (above); the capped list is newest first.
    expect((await listPublic({ words: ["piscina"], status: "Venda" })).data[0].id).toBe(ids.marin3Pool);
    // Ids past FULLTEXT_MAX: the estimate now scales the newest rows' share (every one says piscina).
    await getPool().query(`ALTER TABLE imoveis AUTO_INCREMENT = ${FULLTEXT_MAX + 1000}`);
    const newest = await make({ descricao: "<p>Piscina.</p>" });
    expect(newest).toBeGreaterThan(FULLTEXT_MAX);
    const capped = await listPublic({ words: ["piscina"], status: "Venda" });
    expect(capped.data.map((c) => c.id)).toEqual([newest, ids.centro, ids.marinCaro, ids.marinApto, ids.marin1, ids.marin3Pool, ids.marin3]);
    expect(capped).toMatchObject({ total: 7, capped: false });
    expect(COMMON_CAP).toBeGreaterThan(7);
    // Filters still apply, and a word no listing has is still nothing.
    expect((await listPublic({ words: ["piscina"], status: "Venda", quartos: 4 })).data.map((c) => c.id)).toEqual([ids.marinCaro]);
    expect((await listPublic({ words: ["sauna"] })).total).toBe(0);
  });
});
