import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { closeDb } from "~/db/client.server";
import { handleImovelForm } from "~/http/imovel-form.server";
import * as buscar_cep from "~/routes/api.buscar_cep";
import { CEP_LIMIT, CEP_MESSAGES, lookupCep, clearCepCache, mapViaCep } from "~/services/cep.server";
import { adminCookie, call, req } from "./api-support";
import { resetDb } from "./db";
import { STUB_BROKEN, startViaCepStub } from "../support/viacep-stub";
import { routeAnswer } from "../support/route-call";
import { SYSTEM } from "~/models/history/history.server";

describe("mapViaCep", () => {
  it("maps ViaCEP's fields to the form's address fields", () => {
    expect(mapViaCep({ cep: "15500-000", logradouro: "Rua A", bairro: "Centro", localidade: "Votuporanga", uf: "SP", ibge: "1" })).toEqual({
      ok: true,
      endereco: { endereco: "Rua A", bairro: "Centro", cidade: "Votuporanga", estado: "SP", cep: "15500-000" },
    });
  });
  it.each([{ erro: true }, { erro: "true" }])("reads %j as not found", (body) => {
    expect(mapViaCep(body)).toMatchObject({ ok: false, message: "CEP nao encontrado !" });
  });
});

describe("lookupCep against a stub ViaCEP on 127.0.0.1", () => {
  let stub: Awaited<ReturnType<typeof startViaCepStub>>;
  beforeAll(async () => {
    stub = await startViaCepStub();
    process.env.VIACEP_URL = stub.url;
    // getEnv() is cached per process; make sure it reads the stub's address.
    const { getEnv } = await import("~/env.server");
    (getEnv() as { VIACEP_URL: string }).VIACEP_URL = stub.url;
  });
  beforeEach(() => clearCepCache());
  afterAll(() => stub.close());

  it("finds a CEP with or without the hyphen, and caches it", async () => {
    const a = await lookupCep("15500-000");
    expect(a).toMatchObject({ ok: true, endereco: { endereco: "Rua Amazonas", cidade: "Votuporanga", estado: "SP" } });
    const before = stub.calls();
    expect(await lookupCep("15500000")).toEqual(a);
    expect(stub.calls()).toBe(before);
  });
  it("says 'CEP nao encontrado !' for an unknown CEP, in both of ViaCEP's ways", async () => {
    expect(await lookupCep("99999999")).toMatchObject({ ok: false, reason: "nao_encontrado", message: "CEP nao encontrado !" });
    expect(await lookupCep(STUB_BROKEN.oldNotFound)).toMatchObject({ ok: false, message: "CEP nao encontrado !" });
  });
  it("refuses a malformed CEP without calling the service", async () => {
    const before = stub.calls();
    for (const bad of ["123", "1550-000", "abcdefgh", "155000001", ""]) {
      expect(await lookupCep(bad)).toMatchObject({ ok: false, reason: "invalido", message: "CEP inválido" });
    }
    expect(stub.calls()).toBe(before);
  });
  it("reports the service as unavailable on a server error", async () => {
    expect(await lookupCep(STUB_BROKEN.serverError)).toMatchObject({ ok: false, reason: "indisponivel" });
  });
  it("gives up on a service that never answers: unavailable, and the request is aborted", async () => {
    // The stub never answers this CEP: without lookupCep's own timeout the call would hang until
    // the test's timeout (vitest.config testTimeout, well above the 3 s look-up timeout) fails it.
    const calls = stub.calls();
    const abandoned = stub.abandoned();
    expect(await lookupCep(STUB_BROKEN.silent)).toEqual({ ok: false, reason: "indisponivel", message: CEP_MESSAGES.indisponivel });
    expect(stub.calls()).toBe(calls + 1);
    // The look-up closed its connection rather than leaving it open behind it.
    await expect.poll(() => stub.abandoned(), { timeout: 2_000 }).toBe(abandoned + 1);
  });
});

describe("CEP look-ups: per-IP limit and the not-found cache", () => {
  let stub: Awaited<ReturnType<typeof startViaCepStub>>;
  beforeAll(async () => {
    stub = await startViaCepStub();
    const { getEnv } = await import("~/env.server");
    (getEnv() as { VIACEP_URL: string }).VIACEP_URL = stub.url;
  });
  beforeEach(async () => {
    clearCepCache();
    await resetDb();
  });
  afterAll(async () => {
    await stub.close();
    await closeDb();
  });
  const lookup = (cep: string, ip: string) =>
    call(buscar_cep, req("/api/buscar_cep", { form: { cep }, headers: { "x-imob-client-ip": ip } }));

  it("asks ViaCEP once for a CEP it does not know, however often it is repeated", async () => {
    const before = stub.calls();
    for (let i = 0; i < 5; i++) expect((await lookup("98765432", "10.50.0.1")).status).toBe(404);
    expect(stub.calls()).toBe(before + 1);
  });

  it(`refuses the ${CEP_LIMIT + 1}th look-up of a minute from one address with 429 and the wait; others go on`, async () => {
    for (let i = 0; i < CEP_LIMIT; i++) expect((await lookup("15500000", "10.50.0.2")).status, `try ${i}`).toBe(200);
    const refused = await lookup("15500000", "10.50.0.2");
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe("Muitas consultas de CEP. Tente novamente em 1 minuto.");
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await lookup("15500000", "10.50.0.3")).status).toBe(200);
    // A malformed CEP costs nothing and is not counted (nor sent to ViaCEP).
    expect((await lookup("123", "10.50.0.4")).status).toBe(400);
  });

  it("throttles the admin form's 'buscar CEP' too, sharing the counter", async () => {
    const cookie = await adminCookie();
    for (let i = 0; i < CEP_LIMIT; i++) await lookup("15502100", "10.50.0.5");
    const form = { intent: "buscar-cep", cep: "15502100" };
    const res = await handleImovelForm(req("/admin/imovel/novo", { form, headers: { Cookie: cookie, "x-imob-client-ip": "10.50.0.5" } }), SYSTEM);
    const r = routeAnswer<{ cepMessage: string }>(res);
    expect(r.status).toBe(429);
    expect(r.body.cepMessage).toMatch(/^Muitas consultas de CEP/);
  });
});
