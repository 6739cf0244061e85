// Replays how the original browser client calls /api (produto §7): multipart with img[0], img[1]…,
// X-Requested-With on every call with the session cookie, a CEP posted with or without its hyphen.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { closeDb } from "~/db/client.server";
import { getEnv } from "~/env.server";
import { clearCepCache } from "~/services/cep.server";
import * as ativo from "~/routes/api.ativo";
import * as buscar_cep from "~/routes/api.buscar_cep";
import * as excluir_imovel from "~/routes/api.excluir_imovel.$id";
import * as foto_capa from "~/routes/api.foto_capa";
import * as get_admin from "~/routes/api.get_imoveis_admin";
import * as get_id from "~/routes/api.get_imovel_site_id.$id";
import * as inserir from "~/routes/api.inserir_imovel_site";
import * as logar from "~/routes/api.logar";
import * as update from "~/routes/api.update_imovel";
import { startViaCepStub } from "../support/viacep-stub";
import { resetDb } from "./db";
import { EMAIL, PASSWORD, adminCookie, call, createAdmin, file, jpeg, req } from "./api-support";

const XHR = { "X-Requested-With": "XMLHttpRequest" };
const FIELDS: [string, string][] = [
  ["tipo", "Apartamento"],
  ["status", "Locação"],
  ["situacao", "Disponivel"],
  ["ativo", "sim"],
  ["preco", "1.200,00"],
  ["area", "75,5"],
  ["descricao", "<p>Apartamento central</p>"],
  ["quartos", "2"],
  ["banheiros", "1"],
  ["alarme", "Não"],
  ["endereco", "Rua Amazonas"],
  ["numero", "3000"],
  ["bairro", "Centro"],
  ["cidade", "Votuporanga"],
  ["estado", "SP"],
  ["cep", "15500-000"],
];

let stub: Awaited<ReturnType<typeof startViaCepStub>>;
beforeAll(async () => {
  stub = await startViaCepStub();
  (getEnv() as { VIACEP_URL: string }).VIACEP_URL = stub.url;
});
afterAll(async () => {
  await stub.close();
  await closeDb();
});
beforeEach(async () => {
  clearCepCache();
  await resetDb();
});

describe("the original client's habits", () => {
  it("creates, edits, toggles and deletes with the session cookie and X-Requested-With, photos as img[0], img[1]", async () => {
    const cookie = await adminCookie();
    const created = await call(
      inserir,
      req("/api/inserir_imovel_site", {
        cookie,
        headers: XHR,
        form: [...FIELDS, ["img[0]", file(await jpeg(640, 480, "#112233"), "sala.jpg")], ["img[1]", file(await jpeg(480, 640, "#445566"), "quarto.png")]],
      }),
    );
    expect(created.status).toBe(201);
    const id: number = created.body.id;
    const got = await call(get_id, req(`/api/get_imovel_site_id/${id}`), { id: String(id) });
    expect(got.body.imagens).toHaveLength(2);
    expect(got.body).toMatchObject({ preco: "1200.00", area: "75.50", tipo: "Apartamento" });

    // The edit form sends everything back, capa included, plus new photos from img[0].
    const capa = got.body.imagens[1].img;
    const edited = await call(
      update,
      req("/api/update_imovel", {
        cookie,
        headers: XHR,
        form: [["id", String(id)], ...FIELDS.map(([k, v]): [string, string] => [k, k === "numero" ? "3001" : v]), ["capa", capa], ["img[0]", file(await jpeg(300, 200), "fachada.jpg")]],
      }),
    );
    expect(edited.status).toBe(200);
    const after = await call(get_id, req(`/api/get_imovel_site_id/${id}`), { id: String(id) });
    expect(after.body.imagens).toHaveLength(3);
    expect(after.body).toMatchObject({ capa, numero: "3001" });

    expect((await call(foto_capa, req(`/api/foto_capa?id=${id}&capa=${after.body.imagens[2].img}`, { cookie, headers: XHR }))).status).toBe(200);
    expect((await call(ativo, req("/api/ativo", { cookie, headers: XHR, form: { id: String(id), ativo: "nao" } }))).status).toBe(200);
    const list = await call(get_admin, req("/api/get_imoveis_admin", { cookie, headers: XHR }));
    expect(list.body.data[0]).toMatchObject({ id, ativo: "nao", capa: after.body.imagens[2].img });
    expect(
      (await call(excluir_imovel, req(`/api/excluir_imovel/${id}`, { cookie, headers: XHR, method: "DELETE" }), { id: String(id) })).status,
    ).toBe(200);
  });

  it("without X-Requested-With (or Origin/Sec-Fetch-Site) the same cookie call is refused", async () => {
    const cookie = await adminCookie();
    const res = await call(inserir, req("/api/inserir_imovel_site", { cookie, form: FIELDS }));
    expect(res).toMatchObject({ status: 403, body: { error: "Requisição de outra origem recusada." } });
    expect((await call(get_admin, req("/api/get_imoveis_admin", { cookie }))).body.total).toBe(0);
  });

  it("stores whatever logar answers and sends it back as a bearer token", async () => {
    await createAdmin();
    const stored = (await call(logar, req("/api/logar", { form: { email: EMAIL, password: PASSWORD }, headers: XHR }))).body;
    const res = await call(inserir, req("/api/inserir_imovel_site", { headers: { ...XHR, Authorization: `Bearer ${stored}` }, form: FIELDS }));
    expect(res.status).toBe(201);
    expect((await call(logar, req("/api/logar", { form: { email: EMAIL, password: "errada" }, headers: XHR }))).body).toBe(false);
  });

  it("looks a CEP up with its hyphen, without it, form-data or urlencoded", async () => {
    const expected = { logradouro: "Rua Pernambuco", bairro: "Patrimônio Velho", localidade: "Votuporanga", uf: "SP", cep: "15502-100" };
    for (const r of [
      req("/api/buscar_cep", { form: { cep: "15502-100" }, headers: XHR }),
      req("/api/buscar_cep", { urlencoded: { cep: "15502-100" }, headers: XHR }),
      req("/api/buscar_cep", { form: { cep: "15502100" }, headers: XHR }),
    ]) {
      expect(await call(buscar_cep, r)).toMatchObject({ status: 200, body: expected });
    }
    const missing = await call(buscar_cep, req("/api/buscar_cep", { form: { cep: "15599-999" }, headers: XHR }));
    expect(missing).toMatchObject({ status: 404, body: { error: "CEP nao encontrado !" } });
  });
});
