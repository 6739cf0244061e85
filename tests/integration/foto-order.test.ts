// Issue 23: the order of a listing's photos, one place at a time or as a whole (drag and drop).
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDb } from "~/db/client.server";
import { listFotos } from "~/models/listings/foto.server";
import { moveFoto, setFotoOrder } from "~/models/listings/foto-order.server";
import { resetDb } from "./db";
import { seedImovel, seedPhotos } from "./api-support";
import { SYSTEM } from "~/models/history/history.server";

afterAll(closeDb);
beforeEach(resetDb);

const order = async (id: number) => (await listFotos(id)).map((f) => f.id);

describe("photo order", () => {
  it("moves one place, stays put at either end, and refuses a photo of another listing", async () => {
    const id = await seedImovel();
    const other = await seedImovel();
    await seedPhotos(id, 3);
    await seedPhotos(other, 1);
    const [a, b, c] = await order(id);
    expect(await moveFoto(SYSTEM, id, c, "up")).toBe(true);
    expect(await order(id)).toEqual([a, c, b]);
    expect(await moveFoto(SYSTEM, id, a, "up")).toBe(true);
    expect(await order(id)).toEqual([a, c, b]);
    const [foreign] = await order(other);
    expect(await moveFoto(SYSTEM, id, foreign, "down")).toBe(false);
  });

  it("takes a whole order only when it names every photo of the listing once", async () => {
    const id = await seedImovel();
    const other = await seedImovel();
    await seedPhotos(id, 3);
    await seedPhotos(other, 1);
    const [a, b, c] = await order(id);
    const [foreign] = await order(other);
    expect(await setFotoOrder(SYSTEM, id, [c, a, b])).toBe(true);
    expect(await order(id)).toEqual([c, a, b]);
    for (const wrong of [[a, b], [a, b, c, c], [a, a, b], [a, b, foreign], [a, b, c, foreign]]) {
      expect(await setFotoOrder(SYSTEM, id, wrong), JSON.stringify(wrong)).toBe(false);
      expect(await order(id)).toEqual([c, a, b]);
    }
  });
});
