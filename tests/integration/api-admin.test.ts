import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDb } from "~/db/client.server";
import * as ativo from "~/routes/api.ativo";
import * as excluir_foto from "~/routes/api.excluir_foto_imovel.$id";
import * as excluir_imovel from "~/routes/api.excluir_imovel.$id";
import * as foto_capa from "~/routes/api.foto_capa";
import * as get_admin from "~/routes/api.get_imoveis_admin";
import * as get_site from "~/routes/api.get_imoveis_site";
import * as get_id from "~/routes/api.get_imovel_site_id.$id";
import * as inserir from "~/routes/api.inserir_imovel_site";
import * as update from "~/routes/api.update_imovel";
import { resetDb } from "./db";
import { imgExists as exists, adminToken, call, file, jpeg, req, seedImovel, seedPhotos } from "./api-support";

const LIMIT = 20_000_000; // MAX_UPLOAD_BYTES of the test env (the default)

let token: string;
const pub = (id: number) => call(get_id, req(`/api/get_imovel_site_id/${id}`), { id: String(id) });
const siteIds = async () => (await call(get_site, req("/api/get_imoveis_site?pageSize=100"))).body.data.map((c: { id: number }) => c.id);

const FIELDS = {
  tipo: "Casa",
  status: "Venda",
  situacao: "Disponivel",
  ativo: "sim",
  preco: "R$ 350.000,00",
  area: "120",
  descricao: "<p>Casa <script>alert(1)</script>boa</p>",
  quartos: "3",
  banheiros: "2",
  alarme: "Sim",
  endereco: "Rua Pernambuco",
  numero: "45",
  bairro: "Patrimônio Velho",
  cidade: "Votuporanga",
  estado: "SP",
  cep: "15502-100",
};

afterAll(closeDb);
beforeEach(async () => {
  await resetDb();
  token = await adminToken();
});

describe("inserir_imovel_site and update_imovel", () => {
  it("creates a listing from multipart fields and img[n], visible through the public calls", async () => {
    const res = await call(
      inserir,
      req("/api/inserir_imovel_site", {
        token,
        form: [...Object.entries(FIELDS), ["img[0]", file(await jpeg())], ["img[1]", file(await jpeg(500, 500, "#aa0000"))]],
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ok: true, id: expect.any(Number), message: "Imovel gravado com sucesso!" });
    expect(res.body.imagens).toHaveLength(2);
    expect(res.body.refused).toBeUndefined();

    const got = await pub(res.body.id);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ tipo: "Casa", status: "Venda", preco: "350000.00", endereco: "Rua Pernambuco", cep: "15502-100" });
    expect(got.body.descricao).not.toContain("<script");
    expect(got.body.imagens.map((i: { img: string }) => i.img)).toEqual(res.body.imagens.map((i: { img: string }) => i.img));
    expect(await siteIds()).toContain(res.body.id);
  });

  it("answers 422 with the messages per field and saves nothing", async () => {
    const res = await call(inserir, req("/api/inserir_imovel_site", { token, form: { ...FIELDS, tipo: "Castelo", preco: "muito", cep: "123" } }));
    expect(res.status).toBe(422);
    expect(res.body.error).toEqual(expect.any(String));
    expect(res.body.fields).toEqual({
      tipo: ["Escolha o tipo da lista."],
      preco: ["Informe o preço como R$ 1.234,56."],
      cep: ["CEP inválido"],
    });
    expect(await siteIds()).toEqual([]);
  });

  it("saves the listing but reports an oversized or non-image photo; a malformed body is a 400", async () => {
    const big = Buffer.alloc(LIMIT + 10, 1);
    const res = await call(
      inserir,
      req("/api/inserir_imovel_site", {
        token,
        form: [...Object.entries(FIELDS), ["img[0]", file(big, "enorme.jpg")], ["img[1]", file(Buffer.from("not an image"), "texto.jpg")]],
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.imagens).toEqual([]);
    expect(res.body.refused.map((r: { name: string }) => r.name).sort()).toEqual(["enorme.jpg", "texto.jpg"]);
    expect(res.body.warning).toMatch(/enorme\.jpg.*maior que o limite/);

    const junk = await call(
      inserir,
      req("/api/inserir_imovel_site", { token, method: "POST", body: "--x\r\nbroken", headers: { "Content-Type": "multipart/form-data; boundary=x" } }),
    );
    expect(junk.status).toBe(400);
    expect(junk.body).toEqual({ error: expect.any(String) });
  });

  it("updates a listing: fields, ativo 'nao' hides it from the public calls, capa picks a photo", async () => {
    const id = await seedImovel();
    const fotos = await seedPhotos(id, 2);
    const res = await call(update, req("/api/update_imovel", { token, form: { ...FIELDS, id: String(id), capa: fotos[1].img, numero: "46" } }));
    expect(res).toMatchObject({ status: 200, body: { ok: true, id, message: "Imovel gravado com sucesso!" } });
    const got = await pub(id);
    expect(got.body).toMatchObject({ numero: "46", bairro: "Patrimônio Velho", capa: fotos[1].img });

    const off = await call(update, req("/api/update_imovel", { token, form: { ...FIELDS, id: String(id), ativo: "nao" } }));
    expect(off.status).toBe(200);
    expect((await pub(id)).status).toBe(404);
    expect(await siteIds()).not.toContain(id);
    const admin = await call(get_admin, req("/api/get_imoveis_admin?ativo=nao", { token }));
    expect(admin.body.data.map((c: { id: number }) => c.id)).toEqual([id]);
  });

  it("condomínio and IPTU are written and read through /api; not sent keeps them, blank clears them; a bad one is a 422 by its field", async () => {
    const res = await call(inserir, req("/api/inserir_imovel_site", { token, form: { ...FIELDS, status: "Locação", condominio: "R$ 450,00", iptu: "1.200,00" } }));
    expect(res.status).toBe(201);
    expect((await pub(res.body.id)).body).toMatchObject({ condominio: "450.00", iptu: "1200.00" });
    // A client that predates the fields updates the listing without them: they stay.
    expect(FIELDS).not.toHaveProperty("condominio");
    const older = await call(update, req("/api/update_imovel", { token, form: { ...FIELDS, status: "Locação", id: String(res.body.id), numero: "47" } }));
    expect(older.status).toBe(200);
    expect((await pub(res.body.id)).body).toMatchObject({ numero: "47", condominio: "450.00", iptu: "1200.00" });
    const cleared = await call(update, req("/api/update_imovel", { token, form: { ...FIELDS, status: "Locação", id: String(res.body.id), condominio: "", iptu: "" } }));
    expect(cleared.status).toBe(200);
    expect((await pub(res.body.id)).body).toMatchObject({ condominio: null, iptu: null });
    const bad = await call(update, req("/api/update_imovel", { token, form: { ...FIELDS, id: String(res.body.id), iptu: "caro" } }));
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain("Informe o IPTU como R$ 1.234,56, ou deixe em branco.");
  });

  it("update_imovel: 400 without a valid id, 404 for an unknown one, 422 for bad fields", async () => {
    const none = await call(update, req("/api/update_imovel", { token, form: FIELDS }));
    expect(none).toMatchObject({ status: 400, body: { fields: { id: [expect.any(String)] } } });
    const bad = await call(update, req("/api/update_imovel", { token, form: { ...FIELDS, id: "1; DROP TABLE" } }));
    expect(bad.status).toBe(400);
    const unknown = await call(update, req("/api/update_imovel", { token, form: { ...FIELDS, id: "424242" } }));
    expect(unknown).toMatchObject({ status: 404, body: { error: "Imóvel não encontrado." } });
    const id = await seedImovel();
    const invalid = await call(update, req("/api/update_imovel", { token, form: { ...FIELDS, id: String(id), quartos: "9" } }));
    expect(invalid).toMatchObject({ status: 422, body: { fields: { quartos: ["Escolha um número de 0 a 6."] } } });
  });
});

describe("admin list, ativo, deletes, cover", () => {
  it("get_imoveis_admin lists active and inactive, with q, ativo and paging; a bad ativo is a 400", async () => {
    const a = await seedImovel({ endereco: "Rua Bahia" });
    const b = await seedImovel({ endereco: "Rua Goiás", ativo: "nao" });
    const all = await call(get_admin, req("/api/get_imoveis_admin", { token }));
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: 2, page: 1, pageCount: 1 });
    expect(all.body.data.map((c: { id: number }) => c.id)).toEqual([b, a]);
    expect((await call(get_admin, req("/api/get_imoveis_admin?q=bahia", { token }))).body.data.map((c: { id: number }) => c.id)).toEqual([a]);
    expect((await call(get_admin, req("/api/get_imoveis_admin?pageSize=1&page=2", { token }))).body.data.map((c: { id: number }) => c.id)).toEqual([a]);
    const bad = await call(get_admin, req("/api/get_imoveis_admin?ativo=talvez", { token }));
    expect(bad).toMatchObject({ status: 400, body: { fields: { ativo: [expect.any(String)] } } });
  });

  it("ativo hides and shows a listing in the public calls", async () => {
    const id = await seedImovel();
    const off = await call(ativo, req("/api/ativo", { token, form: { id: String(id), ativo: "nao" } }));
    expect(off).toMatchObject({ status: 200, body: { ok: true, id, ativo: "nao" } });
    expect((await pub(id)).status).toBe(404);
    expect(await siteIds()).toEqual([]);
    // Setting the value it already has is no error.
    expect((await call(ativo, req("/api/ativo", { token, form: { id: String(id), ativo: "nao" } }))).status).toBe(200);
    expect((await call(ativo, req("/api/ativo", { token, json: { id, ativo: "sim" } }))).status).toBe(200);
    expect((await pub(id)).status).toBe(200);

    expect((await call(ativo, req("/api/ativo", { token, form: { id: String(id), ativo: "SIM" } }))).body.fields.ativo).toHaveLength(1);
    expect((await call(ativo, req("/api/ativo", { token, form: { id: "x", ativo: "sim" } }))).status).toBe(400);
    expect((await call(ativo, req("/api/ativo", { token, form: { id: "999", ativo: "sim" } }))).status).toBe(404);
  });

  it("excluir_imovel deletes the listing and its files; unknown ids are 404; only DELETE", async () => {
    const id = await seedImovel();
    const fotos = await seedPhotos(id, 1);
    expect((await call(excluir_imovel, req(`/api/excluir_imovel/${id}`, { token, method: "POST" }), { id: String(id) })).status).toBe(405);
    const res = await call(excluir_imovel, req(`/api/excluir_imovel/${id}`, { token, method: "DELETE" }), { id: String(id) });
    expect(res).toMatchObject({ status: 200, body: { ok: true, message: "Sucesso ao deletar Imovel" } });
    expect((await pub(id)).status).toBe(404);
    expect(await exists(fotos[0].img)).toBe(false);
    for (const bad of [String(id), "abc", "0"]) {
      const again = await call(excluir_imovel, req(`/api/excluir_imovel/${bad}`, { token, method: "DELETE" }), { id: bad });
      expect(again.status, bad).toBe(404);
      expect(again.body.error, bad).toMatch(/^Imóvel não encontrado/);
    }
  });

  it("excluir_foto_imovel deletes one photo; the cover moves to the next one", async () => {
    const id = await seedImovel();
    const [f1, f2] = await seedPhotos(id, 2);
    await call(foto_capa, req(`/api/foto_capa?id=${id}&capa=${f1.img}`, { token }));
    const res = await call(excluir_foto, req(`/api/excluir_foto_imovel/${f1.id}`, { token, method: "DELETE" }), { id: String(f1.id) });
    expect(res).toMatchObject({ status: 200, body: { ok: true, imovel_id: id, message: "Foto excluida com sucesso" } });
    const got = await pub(id);
    expect(got.body.imagens).toEqual([{ id: f2.id, img: f2.img, imovel_id: id }]);
    expect(got.body.capa).toBe(f2.img);
    const again = await call(excluir_foto, req(`/api/excluir_foto_imovel/${f1.id}`, { token, method: "DELETE" }), { id: String(f1.id) });
    expect(again).toMatchObject({ status: 404, body: { error: "Foto não encontrada." } });
  });

  it("foto_capa (GET or POST) sets the cover shown by the cards; refuses a file of another listing", async () => {
    const id = await seedImovel();
    const other = await seedImovel();
    const [f1, f2] = await seedPhotos(id, 2);
    const [alheia] = await seedPhotos(other, 1);
    const res = await call(foto_capa, req(`/api/foto_capa?id=${id}&capa=${f2.img}`, { token }));
    expect(res).toMatchObject({ status: 200, body: { ok: true, id, capa: f2.img, message: "Foto capa alterada!" } });
    const card = (await call(get_site, req("/api/get_imoveis_site", {}))).body.data.find((c: { id: number }) => c.id === id);
    expect(card.capa).toBe(f2.img);
    expect((await call(foto_capa, req("/api/foto_capa", { token, form: { id: String(id), capa: f1.img } }))).status).toBe(200);
    expect((await pub(id)).body.capa).toBe(f1.img);

    const wrong = await call(foto_capa, req(`/api/foto_capa?id=${id}&capa=${alheia.img}`, { token }));
    expect(wrong).toMatchObject({ status: 422, body: { fields: { capa: ["Essa imagem não é uma foto deste imóvel."] } } });
    expect((await call(foto_capa, req(`/api/foto_capa?id=9999&capa=${f1.img}`, { token }))).status).toBe(404);
    expect((await call(foto_capa, req(`/api/foto_capa?capa=${f1.img}`, { token }))).body.fields.id).toHaveLength(1);
    expect((await call(foto_capa, req(`/api/foto_capa?id=${id}`, { token }))).body.fields.capa).toHaveLength(1);
    expect((await pub(id)).body.capa).toBe(f1.img);
  });
});
