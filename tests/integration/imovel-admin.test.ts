import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDb, getPool } from "~/db/client.server";
import fs from "node:fs/promises";
import path from "node:path";
import { attachFotos, listFotos } from "~/models/listings/foto.server";
import { adminListQueryOf } from "~/http/params.server";
import { imovelSummary, listAdmin, listRecentlyEdited } from "~/models/listings/imovel-admin.server";
import { deleteImovel, getImovelById, insertImovel, setAtivo, updateImovel } from "~/models/listings/imovel.server";
import { imageFileNames, imgDir } from "~/services/image-files.server";
import { resetDb } from "./db";
import { SYSTEM } from "~/models/history/history.server";

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
    expect(await setAtivo(SYSTEM, a, "nao")).toBe(true);
    expect((await getImovelById(a))?.ativo).toBe("nao");
    expect(await setAtivo(SYSTEM, a, "nao")).toBe(true); // unchanged but found
    expect(await setAtivo(SYSTEM, 999999, "sim")).toBe(false);
    expect(await updateImovel(SYSTEM, 999999, { numero: "1" })).toBe(false);
  });

  it("deletes a listing with its photo rows, then the files no row uses any more", async () => {
    const imgs = ["aaaaaaaaaaaaaaaaaaaa.jpg", "bbbbbbbbbbbbbbbbbbbb.jpg", "cccccccccccccccccccc.jpg"];
    const files = imgs.flatMap(imageFileNames).map((n) => path.join(imgDir(), n));
    await fs.mkdir(path.join(imgDir(), "orig"), { recursive: true });
    await Promise.all(files.map((f) => fs.writeFile(f, "x")));
    const exists = (f: string) => fs.access(f).then(() => true, () => false);
    const a = await insertImovel({ descricao: "", capa: imgs[1] });
    await attachFotos(a, [imgs[0], imgs[1]]);
    // Another listing still shows the third image: its files stay.
    const b = await insertImovel({ descricao: "", capa: imgs[2] });
    await attachFotos(a, [imgs[2]]);
    expect(await deleteImovel(SYSTEM, a)).toBe(true);
    expect(await getImovelById(a)).toBeNull();
    expect(await listFotos(a)).toEqual([]);
    for (const f of imageFileNames(imgs[0]).concat(imageFileNames(imgs[1]))) expect(await exists(path.join(imgDir(), f)), f).toBe(false);
    for (const f of imageFileNames(imgs[2])) expect(await exists(path.join(imgDir(), f)), f).toBe(true);
    expect(await getImovelById(b)).not.toBeNull();
    expect(await deleteImovel(SYSTEM, a)).toBe(false);
  });
});

describe("'Home admin' figures and the filters their links open", () => {
  beforeEach(resetDb);
  afterAll(closeDb);

  it("counts listings per status, active and inactive, without photos and without a chosen capa; each is a filter of the admin list", async () => {
    const venda = await insertImovel({ descricao: "", status: "Venda" });
    const vendaOff = await insertImovel({ descricao: "", status: "Venda", ativo: "nao" });
    const loc = await insertImovel({ descricao: "", status: "Locação" });
    const temp = await insertImovel({ descricao: "", status: "Temporada", capa: "cccccccccccccccccccc.jpg" });
    await attachFotos(loc, ["aaaaaaaaaaaaaaaaaaaa.jpg"]);
    await attachFotos(temp, ["cccccccccccccccccccc.jpg"]);
    const summary = await imovelSummary();
    expect(summary).toEqual({
      porStatus: [
        { status: "Locação", ativos: 1, inativos: 0 },
        { status: "Venda", ativos: 1, inativos: 1 },
        { status: "Temporada", ativos: 1, inativos: 0 },
      ],
      semFotos: 2,
      semCapa: 1,
    });
    const ids = async (c: Parameters<typeof listAdmin>[0]) => (await listAdmin(c)).data.map((d) => d.id);
    expect(await ids({ status: "Venda", ativo: "sim" })).toEqual([venda]);
    expect(await ids({ status: "Venda", ativo: "nao" })).toEqual([vendaOff]);
    expect(await ids({ fotos: "sem" })).toEqual([vendaOff, venda]);
    expect(await ids({ fotos: "sem-capa" })).toEqual([loc]);
    expect(await ids({ fotos: "sem", status: "Temporada" })).toEqual([]);
  });

  it("reads the list's filters from the query string, ignoring odd values", () => {
    const q = (s: string) => adminListQueryOf(new URLSearchParams(s));
    expect(q("status=venda&ativo=nao&fotos=sem&page=2&q=Rua")).toEqual({ q: "Rua", ativo: "nao", status: "Venda", fotos: "sem", page: 2 });
    expect(q("status=Roubo&ativo=talvez&fotos=todas&page=-1")).toEqual({ q: "", ativo: undefined, status: undefined, fotos: undefined, page: 1 });
  });

  it("lists the listings edited last first", async () => {
    const a = await insertImovel({ descricao: "" });
    const b = await insertImovel({ descricao: "" });
    await getPool().query("UPDATE imoveis SET updated_at = NOW() - INTERVAL 1 DAY WHERE id = ?", [b]);
    await getPool().query("UPDATE imoveis SET updated_at = NOW() - INTERVAL 2 DAY WHERE id = ?", [a]);
    expect((await listRecentlyEdited(5)).map((r) => r.id)).toEqual([b, a]);
    await updateImovel(SYSTEM, a, { numero: "99" });
    expect((await listRecentlyEdited(1)).map((r) => r.id)).toEqual([a]);
  });
});
