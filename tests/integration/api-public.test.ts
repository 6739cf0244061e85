import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { closeDb, getDb } from "~/db/client.server";
import { mensagens } from "~/db/schema";
import { getEnv } from "~/env.server";
import { insertBanner } from "~/models/listings/banner.server";
import { clearCepCache } from "~/services/cep.server";
import * as buscar_cep from "~/routes/api.buscar_cep";
import * as buscar from "~/routes/api.buscar_imoveis";
import * as contato from "~/routes/api.contato";
import * as get_banner from "~/routes/api.get_banner";
import * as get_home from "~/routes/api.get_imoveis_home";
import * as get_site from "~/routes/api.get_imoveis_site";
import * as get_tipo from "~/routes/api.get_imoveis_tipo.$tipo";
import * as get_id from "~/routes/api.get_imovel_site_id.$id";
import { startViaCepStub } from "../support/viacep-stub";
import { resetDb } from "./db";
import { call, req, seedImovel, seedPhotos } from "./api-support";

const CARD_KEYS = ["id", "codigo", "tipo", "status", "preco", "area", "endereco", "numero", "bairro", "cidade", "estado", "quartos", "banheiros", "garagem", "ativo", "capa"];

let ids: Record<string, number>;
async function seedListings() {
  const t0 = Date.now() - 100_000;
  const at = (n: number) => new Date(t0 + n * 1000);
  ids = {
    loc1: await seedImovel({ status: "Locação", tipo: "Casa", quartos: 3, banheiros: 2, created_at: at(1) }),
    loc2: await seedImovel({ status: "Locação", tipo: "Apartamento", quartos: 1, banheiros: 1, created_at: at(2) }),
    loc3: await seedImovel({ status: "Locação", tipo: "Casa", quartos: 2, banheiros: 1, bairro: "Pozzobon", created_at: at(3) }),
    venda: await seedImovel({ status: "Venda", tipo: "Casa", quartos: 4, banheiros: 3, preco: "450000.00", created_at: at(4) }),
    temp: await seedImovel({ status: "Temporada", tipo: "Rancho", quartos: 0, banheiros: 0, created_at: at(5) }),
    off: await seedImovel({ status: "Locação", tipo: "Casa", ativo: "nao", created_at: at(6) }),
  };
}

afterAll(closeDb);

describe("public list calls", () => {
  beforeEach(async () => {
    await resetDb();
    await seedListings();
  });

  it("get_imoveis_site lists active cards only, in { data, total, page, pageCount }, with the list filters", async () => {
    const all = await call(get_site, req("/api/get_imoveis_site"));
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: 5, page: 1, pageCount: 1 });
    expect(all.body.data.map((c: { id: number }) => c.id).sort()).toEqual(
      [ids.loc1, ids.loc2, ids.loc3, ids.venda, ids.temp].sort(),
    );
    expect(Object.keys(all.body.data[0]).sort()).toEqual([...CARD_KEYS].sort());
    expect(all.body.data.every((c: { ativo: string }) => c.ativo === "sim")).toBe(true);

    const casas = await call(get_site, req("/api/get_imoveis_site?status=Loca%C3%A7%C3%A3o&tipo=Casa&quartos=3"));
    expect(casas.body.data.map((c: { id: number }) => c.id)).toEqual([ids.loc1]);
    const paged = await call(get_site, req("/api/get_imoveis_site?pageSize=2&page=2"));
    expect(paged.body).toMatchObject({ total: 5, page: 2, pageCount: 3, pageSize: 2 });
    expect(paged.body.data).toHaveLength(2);
    const capped = await call(get_site, req("/api/get_imoveis_site?pageSize=100000"));
    expect(capped.body.pageSize).toBe(100);
  });

  it("get_imoveis_site refuses an unknown status and other methods", async () => {
    const bad = await call(get_site, req("/api/get_imoveis_site?status=Aluguel"));
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: expect.stringMatching(/^Status inválido/), fields: { status: [expect.any(String)] } });
    const post = await call(get_site, req("/api/get_imoveis_site", { urlencoded: { a: "1" } }));
    expect(post.status).toBe(405);
    expect(post.headers.get("Allow")).toBe("GET");
    expect(post.body.error).toMatch(/^Método não permitido/);
  });

  it("get_imoveis_home gives the newest active listings of a status, qtd capped at 24", async () => {
    const res = await call(get_home, req("/api/get_imoveis_home?status=Loca%C3%A7%C3%A3o&qtd=2"));
    expect(res.status).toBe(200);
    expect(res.body.data.map((c: { id: number }) => c.id)).toEqual([ids.loc3, ids.loc2]);
    const many = await call(get_home, req("/api/get_imoveis_home?status=Venda&qtd=5000"));
    expect(many.status).toBe(200);
    expect(many.body.data.map((c: { id: number }) => c.id)).toEqual([ids.venda]);
    for (const q of ["qtd=3", "status=Venda&qtd=abc", "status=Venda&qtd=0", "status=Outra&qtd=3"]) {
      const bad = await call(get_home, req(`/api/get_imoveis_home?${q}`));
      expect(bad.status, q).toBe(400);
      expect(Object.keys(bad.body.fields), q).toHaveLength(1);
    }
  });

  it("get_imoveis_tipo/{tipo} lists one status, accented or not; an unknown tipo is a 400", async () => {
    for (const tipo of ["Locação", "locacao", "LOCACAO"]) {
      const res = await call(get_tipo, req(`/api/get_imoveis_tipo/${encodeURIComponent(tipo)}`), { tipo });
      expect(res.status, tipo).toBe(200);
      expect(res.body.data.map((c: { id: number }) => c.id).sort(), tipo).toEqual([ids.loc1, ids.loc2, ids.loc3].sort());
    }
    expect((await call(get_tipo, req("/api/get_imoveis_tipo/Temporada"), { tipo: "Temporada" })).body.data).toHaveLength(1);
    const bad = await call(get_tipo, req("/api/get_imoveis_tipo/Casa"), { tipo: "Casa" });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.tipo).toHaveLength(1);
  });

  it("buscar_imoveis searches like the home form; 'Todos' is any tipo; no match says so", async () => {
    const form = (f: Record<string, string>) => call(buscar, req("/api/buscar_imoveis", { form: f }));
    const casas = await form({ local: "Votuporanga", status: "Locação", tipo: "Casa", quartos: "2", banheiros: "1" });
    expect(casas.status).toBe(200);
    expect(casas.body.data.map((c: { id: number }) => c.id).sort()).toEqual([ids.loc1, ids.loc3].sort());
    const todos = await form({ local: "Votuporanga", status: "Locação", tipo: "Todos", quartos: "1", banheiros: "1" });
    expect(todos.body.total).toBe(3);
    const none = await form({ local: "Votuporanga", status: "Venda", tipo: "Casa", quartos: "5", banheiros: "5" });
    expect(none.body).toMatchObject({ data: [], total: 0, message: "Sua busca não houve resultados!" });
    // quartos/banheiros 0 or absent: any count, so the Rancho without bedrooms is found; 1 is "at least 1".
    const ids_ = (r: { body: { data: { id: number }[] } }) => r.body.data.map((c) => c.id);
    expect(ids_(await form({ status: "Temporada" }))).toEqual([ids.temp]);
    expect(ids_(await form({ status: "Temporada", quartos: "0", banheiros: "0" }))).toEqual([ids.temp]);
    expect((await form({ status: "Temporada", quartos: "1" })).body.total).toBe(0);
    const junk = await call(buscar, req("/api/buscar_imoveis", { method: "POST", body: "x".repeat(10), headers: { "Content-Type": "multipart/form-data" } }));
    expect(junk.status).toBe(400);
    expect((await call(buscar, req("/api/buscar_imoveis"))).status).toBe(405);
  });
});

describe("one property, the banner", () => {
  beforeEach(async () => {
    await resetDb();
    await seedListings();
  });

  it("get_imovel_site_id/{id} has the address fields and imagens [{ id, img, imovel_id }]", async () => {
    const fotos = await seedPhotos(ids.loc1, 2);
    const res = await call(get_id, req(`/api/get_imovel_site_id/${ids.loc1}`), { id: String(ids.loc1) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: ids.loc1,
      codigo: expect.stringMatching(/^VT\d{4}$/),
      endereco: "Rua Amazonas",
      numero: "100",
      bairro: "Centro",
      cidade: "Votuporanga",
      estado: "SP",
      cep: "15500-000",
      ativo: "sim",
      capa: fotos[0].img,
    });
    expect(res.body.imagens).toEqual(fotos.map((f) => ({ id: f.id, img: f.img, imovel_id: ids.loc1 })));
  });

  it("get_imovel_site_id answers 404 JSON for an inactive, unknown or malformed id", async () => {
    for (const id of [String(ids.off), "999999", "abc", "0", "1e3", "-1"]) {
      const res = await call(get_id, req(`/api/get_imovel_site_id/${id}`), { id });
      expect(res.status, id).toBe(404);
      expect(res.body, id).toEqual({ error: expect.stringMatching(/^Imóvel não encontrado/) });
    }
  });

  it("get_banner lists the current banner (or none)", async () => {
    expect((await call(get_banner, req("/api/get_banner"))).body).toEqual({ data: [] });
    await insertBanner("0123456789abcdef0123.jpg");
    const res = await call(get_banner, req("/api/get_banner"));
    expect(res.body.data).toEqual([
      expect.objectContaining({ banner: "0123456789abcdef0123.jpg", url: "/img/0123456789abcdef0123.jpg" }),
    ]);
    expect((await call(get_banner, req("/api/get_banner", { method: "DELETE" }))).status).toBe(405);
  });
});

describe("buscar_cep and contato", () => {
  let stub: Awaited<ReturnType<typeof startViaCepStub>>;
  beforeAll(async () => {
    stub = await startViaCepStub();
    (getEnv() as { VIACEP_URL: string }).VIACEP_URL = stub.url;
  });
  beforeEach(async () => {
    clearCepCache();
    await resetDb();
  });
  afterAll(() => stub.close());

  it("buscar_cep answers ViaCEP's fields, 404 for an unknown CEP, 400 for a malformed one", async () => {
    const ok = await call(buscar_cep, req("/api/buscar_cep", { form: { cep: "15500000" } }));
    expect(ok).toMatchObject({
      status: 200,
      body: { logradouro: "Rua Amazonas", bairro: "Centro", localidade: "Votuporanga", uf: "SP", cep: "15500-000" },
    });
    const json = await call(buscar_cep, req("/api/buscar_cep", { json: { cep: "15502100" } }));
    expect(json.body.logradouro).toBe("Rua Pernambuco");
    const missing = await call(buscar_cep, req("/api/buscar_cep", { form: { cep: "99999999" } }));
    expect(missing).toMatchObject({ status: 404, body: { error: "CEP nao encontrado !" } });
    const bad = await call(buscar_cep, req("/api/buscar_cep", { form: { cep: "12ab" } }));
    expect(bad).toMatchObject({ status: 400, body: { error: "CEP inválido", fields: { cep: ["CEP inválido"] } } });
    expect((await call(buscar_cep, req("/api/buscar_cep"))).status).toBe(405);
  });

  it("contato stores a valid message and answers the notice", async () => {
    const fields = { email: "ana@exemplo.com.br", nome: "Ana", telefone: "(17) 99999-0000", mensagem: "Quero visitar." };
    const res = await call(contato, req("/api/contato", { form: fields, headers: { "x-imob-client-ip": "10.2.0.1" } }));
    expect(res).toMatchObject({ status: 200, body: { ok: true, message: "Contato enviado com sucesso!" } });
    const rows = await getDb().select().from(mensagens);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ...fields, ip: "10.2.0.1", imovel_id: null });
  });

  it("contato answers 422 with the messages per field, and 429 past the per-IP limit", async () => {
    const bad = await call(contato, req("/api/contato", { form: { email: "não-é-email", nome: "", telefone: "12", mensagem: "" } }));
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.fields).sort()).toEqual(["email", "mensagem", "nome", "telefone"]);
    expect(bad.body.fields.email).toEqual(["Informe um e-mail válido, por exemplo nome@exemplo.com.br."]);
    expect(await getDb().select().from(mensagens)).toHaveLength(0);

    const good = { email: "a@b.com.br", nome: "A", telefone: "17 3421-0000", mensagem: "Oi" };
    const send = () => call(contato, req("/api/contato", { json: good, headers: { "x-imob-client-ip": "10.2.0.9" } }));
    for (let i = 1; i <= 5; i++) expect((await send()).status, `message ${i}`).toBe(200);
    const sixth = await send();
    expect(sixth.status).toBe(429);
    expect(sixth.body.error).toMatch(/^Você já enviou várias mensagens/);
    expect(Number(sixth.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await getDb().select().from(mensagens)).toHaveLength(5);
    // An unknown property id keeps the message, unlinked.
    expect(
      (await call(contato, req("/api/contato", { json: { ...good, imovel_id: 99 }, headers: { "x-imob-client-ip": "10.2.0.3" } }))).status,
    ).toBe(200);
    expect((await getDb().select().from(mensagens).where(eq(mensagens.ip, "10.2.0.3")))[0].imovel_id).toBeNull();
  });
});
