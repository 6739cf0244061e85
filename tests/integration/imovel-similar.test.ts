// Issue 22: "Imóveis semelhantes": other active listings of the same status and tipo within ±25 % of
// the price, the same bairro first, then the nearest price, at most 4; none for a listing without price.
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDb } from "~/db/client.server";
import { getPublicImovel, insertImovel, listSimilar } from "~/models/listings/imovel.server";
import { resetDb } from "./db";

const make = (values: Partial<Parameters<typeof insertImovel>[0]>) => insertImovel({ descricao: "", status: "Venda", tipo: "Casa", bairro: "Centro", ...values });

describe("similar listings", () => {
  beforeEach(resetDb);
  afterAll(closeDb);

  it("same status and tipo, ±25 % of the price, the same bairro first, then the nearest price", async () => {
    const self = await make({ preco: "400000.00", bairro: "Centro" });
    const nearOtherBairro = await make({ preco: "405000.00", bairro: "Pozzobon" });
    const farSameBairro = await make({ preco: "495000.00", bairro: "Centro" });
    const nearSameBairro = await make({ preco: "390000.00", bairro: "Centro" });
    const midOtherBairro = await make({ preco: "350000.00", bairro: "Vila Paes" });
    const edgeLow = await make({ preco: "300000.00", bairro: "Vila Paes" }); // exactly −25 %: in
    await make({ preco: "299999.00" }); // below −25 %
    await make({ preco: "500001.00" }); // above +25 %
    await make({ preco: "400000.00", tipo: "Apartamento" });
    await make({ preco: "400000.00", status: "Locação" });
    await make({ preco: "400000.00", ativo: "nao" });

    const imovel = (await getPublicImovel(self))!;
    const got = (await listSimilar(imovel)).map((c) => c.id);
    expect(got).toEqual([nearSameBairro, farSameBairro, nearOtherBairro, midOtherBairro]);
    expect(got).not.toContain(self);
    expect((await listSimilar(imovel, 10)).map((c) => c.id)).toEqual([nearSameBairro, farSameBairro, nearOtherBairro, midOtherBairro, edgeLow]);
  });

  it("none without a price or without a match", async () => {
    const free = await make({ preco: "0.00" });
    await make({ preco: "0.00" });
    expect(await listSimilar((await getPublicImovel(free))!)).toEqual([]);
    const alone = await make({ preco: "1000000.00", tipo: "Rancho" });
    expect(await listSimilar((await getPublicImovel(alone))!)).toEqual([]);
  });
});
