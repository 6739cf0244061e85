import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDb } from "~/db/client.server";
import { getPublicImovel, insertImovel, listHome, listPublic } from "~/models/listings/imovel.server";
import { resetDb } from "./db";

async function make(values: Partial<Parameters<typeof insertImovel>[0]> = {}) {
  return insertImovel({ descricao: "", ...values });
}

describe("public listing queries", () => {
  beforeEach(resetDb);
  afterAll(closeDb);

  it("search means: same status and city, bedrooms ≥ N, bathrooms ≥ N, tipo unless Todos", async () => {
    const a = await make({ status: "Venda", quartos: 3, banheiros: 2, tipo: "Casa" });
    const b = await make({ status: "Venda", quartos: 2, banheiros: 2, tipo: "Casa" });
    const c = await make({ status: "Venda", quartos: 4, banheiros: 1, tipo: "Apartamento" });
    await make({ status: "Locação", quartos: 5, banheiros: 5 });
    await make({ status: "Venda", quartos: 5, banheiros: 5, ativo: "nao" });
    await make({ status: "Venda", quartos: 5, banheiros: 5, cidade: "Fernandópolis" });

    const ids = async (c: Parameters<typeof listPublic>[0]) => (await listPublic(c)).data.map((x) => x.id).sort();
    expect(await ids({ cidade: "Votuporanga", status: "Venda", quartos: 3, banheiros: 1 })).toEqual([a, c].sort());
    expect(await ids({ cidade: "Votuporanga", status: "Venda", quartos: 2, banheiros: 2 })).toEqual([a, b].sort());
    expect(await ids({ cidade: "Votuporanga", status: "Venda", tipo: "Apartamento" })).toEqual([c]);
  });

  it("paginates with a total and sorts by price", async () => {
    for (let i = 1; i <= 15; i++) await make({ status: "Temporada", preco: `${i * 100}.00` });
    const p1 = await listPublic({ status: "Temporada" }, { pageSize: 6, sort: "preco_asc" });
    expect(p1).toMatchObject({ total: 15, pageCount: 3, page: 1 });
    expect(p1.data.map((d) => d.preco)).toEqual(["100.00", "200.00", "300.00", "400.00", "500.00", "600.00"]);
    const p3 = await listPublic({ status: "Temporada" }, { pageSize: 6, page: 3, sort: "preco_desc" });
    expect(p3.data.map((d) => d.preco)).toEqual(["300.00", "200.00", "100.00"]);
    // a page past the end shows the last page rather than nothing
    expect((await listPublic({ status: "Temporada" }, { pageSize: 6, page: 99 })).page).toBe(3);
  });

  it("home lists are the newest active listings of a status", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) ids.push(await make({ status: "Locação" }));
    await make({ status: "Locação", ativo: "nao" });
    const home = await listHome("Locação", 6);
    expect(home.map((h) => h.id)).toEqual(ids.slice(-6).reverse());
  });

  it("getPublicImovel hides inactive and unknown listings", async () => {
    const on = await make();
    const off = await make({ ativo: "nao" });
    expect((await getPublicImovel(on))?.codigo).toMatch(/^VT\d{4}$/);
    expect(await getPublicImovel(off)).toBeNull();
    expect(await getPublicImovel(987654)).toBeNull();
    expect(await getPublicImovel(Number.NaN)).toBeNull();
  });
});
