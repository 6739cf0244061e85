import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDb } from "~/db/client.server";
import { addFotos, deleteImovel, getImovelById, insertImovel, listAdmin, listFotos, setAtivo, updateImovel } from "~/models/imovel.server";
import { resetDb } from "./db";

describe("admin listing functions", () => {
  beforeEach(resetDb);
  afterAll(closeDb);

  it("searches the address and the code from 4 characters, ignoring case", async () => {
    const a = await insertImovel({ descricao: "", endereco: "Rua Amazonas", numero: "10", bairro: "Centro" });
    const b = await insertImovel({ descricao: "", endereco: "Rua Bahia", numero: "20", bairro: "Vila Paes" });
    const ids = async (q: string) => (await listAdmin({ q })).data.map((d) => d.id).sort();
    expect(await ids("Rua")).toEqual([a, b].sort()); // 3 characters: the full list
    expect(await ids("amaz")).toEqual([a]);
    expect(await ids("VILA PAES")).toEqual([b]);
    expect(await ids(`vt${String(b).padStart(4, "0")}`)).toEqual([b]);
    expect(await ids("100%")).toEqual([]); // LIKE wildcards are literal
  });

  it("filters active and inactive and toggles ativo", async () => {
    const a = await insertImovel({ descricao: "" });
    const b = await insertImovel({ descricao: "", ativo: "nao" });
    expect((await listAdmin({ ativo: "nao" })).data.map((d) => d.id)).toEqual([b]);
    expect(await setAtivo(a, "nao")).toBe(true);
    expect((await getImovelById(a))?.ativo).toBe("nao");
    expect(await setAtivo(a, "nao")).toBe(true); // unchanged but found
    expect(await setAtivo(999999, "sim")).toBe(false);
    expect(await updateImovel(999999, { numero: "1" })).toBe(false);
  });

  it("deletes a listing with its photo rows and hands back the files to remove", async () => {
    const a = await insertImovel({ descricao: "", capa: "bbbbbbbbbbbbbbbbbbbb.jpg" });
    await addFotos(a, ["aaaaaaaaaaaaaaaaaaaa.jpg", "bbbbbbbbbbbbbbbbbbbb.jpg"]);
    expect((await deleteImovel(a))?.sort()).toEqual(["aaaaaaaaaaaaaaaaaaaa.jpg", "bbbbbbbbbbbbbbbbbbbb.jpg"]);
    expect(await getImovelById(a)).toBeNull();
    expect(await listFotos(a)).toEqual([]);
    expect(await deleteImovel(a)).toBeNull();
  });
});
