// Issue 24: /admin/historico (newest first, filters by admin, kind and listing, pages), the actor the
// pages and /api pass (the admin and the address of the request), and the retention of the entries.
import { asc, sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDb, getDb } from "~/db/client.server";
import { historico } from "~/db/schema";
import { parseEnv } from "~/env.server";
import { purgeOldHistory } from "~/models/history/history-list.server";
import { listHistory, purgeHistory } from "~/models/history/history-list.server";
import { SYSTEM, recordHistory, type Actor } from "~/models/history/history.server";
import { deleteImovel } from "~/models/listings/imovel.server";
import * as page from "~/routes/admin.historico";
import * as rowAtivo from "~/routes/admin.imovel.$id.ativo";
import * as apiAtivo from "~/routes/api.ativo";
import { EMAIL, adminCookie, adminToken, createAdmin, req, seedImovel } from "./api-support";
import { resetDb } from "./db";
import { callRoute } from "../support/route-call";
import { routeArgs } from "../route-args";

const BIA: Actor = { usuarioId: 8, email: "bia@imobiliaria.teste", ip: "198.51.100.2" };
const entries = () => getDb().select().from(historico).orderBy(asc(historico.id));
const DAY = 24 * 3600_000;

type PageData = Awaited<ReturnType<typeof page.loader>>;

beforeEach(resetDb);
afterAll(closeDb);

describe("the actor of a request", () => {
  it("is the admin and the client address, from a page (cookie) and from /api (token)", async () => {
    const adminId = await createAdmin();
    const id = await seedImovel();
    const cookie = await adminCookie(adminId);
    const form = new URLSearchParams({ ativo: "nao", back: "/admin/imovel" });
    const res = await callRoute(rowAtivo.action, req(`/admin/imovel/${id}/ativo`, { cookie, body: form, headers: { "x-imob-client-ip": "192.0.2.10", "Content-Type": "application/x-www-form-urlencoded" } }), { id: String(id) });
    expect(res.status).toBe(302);
    const token = await adminToken();
    const api = await apiAtivo.action(routeArgs(req("/api/ativo", { token, urlencoded: { id: String(id), ativo: "sim" }, headers: { "x-imob-client-ip": "192.0.2.20" } })));
    expect(api.status).toBe(200);
    const rows = await entries();
    expect(rows.map((r) => [r.acao, r.usuario_id, r.usuario_email, r.ip, r.imovel_id])).toEqual([
      ["imovel_ativado", adminId, EMAIL, "192.0.2.10", id],
      ["imovel_ativado", adminId, EMAIL, "192.0.2.20", id],
    ]);
    expect(rows.map((r) => r.mudancas)).toEqual([[{ campo: "Anúncio ativo", de: "Sim", para: "Não" }], [{ campo: "Anúncio ativo", de: "Não", para: "Sim" }]]);
  });
});

describe("/admin/historico", () => {
  it("asks for a login", async () => {
    const res = await callRoute(page.loader, req("/admin/historico"));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });

  it("lists newest first and filters by admin, kind and listing (id or code); a listing gone is not linked", async () => {
    const adminId = await createAdmin();
    const a = await seedImovel();
    const b = await seedImovel();
    const ana: Actor = { usuarioId: adminId, email: EMAIL, ip: "203.0.113.7" };
    await recordHistory(getDb(), ana, { acao: "imovel_editado", imovelId: a, resumo: "a", mudancas: [{ campo: "Preço", de: "1", para: "2" }] });
    await recordHistory(getDb(), BIA, { acao: "imovel_ativado", imovelId: b, resumo: "b" });
    await recordHistory(getDb(), SYSTEM, { acao: "banner", resumo: "c" });
    expect(await deleteImovel(BIA, b)).toBe(true);
    const cookie = await adminCookie(adminId);
    const load = async (qs: string) => (await callRoute<PageData>(page.loader, req(`/admin/historico${qs}`, { cookie }))).body;

    const all = await load("");
    expect(all.list.data.map((e) => e.resumo)).toEqual([expect.stringMatching(/^VT\d{4}/), "c", "b", "a"]);
    expect(all.list.data[0]).toMatchObject({ acao: "imovel_excluido", acaoLabel: "Imóvel excluído", imovelId: b, imovelExiste: false });
    expect(all.list.data[3]).toMatchObject({ usuarioEmail: EMAIL, ip: "203.0.113.7", imovelExiste: true, mudancas: [{ campo: "Preço", de: "1", para: "2" }] });
    expect(all.admins).toEqual([{ id: adminId, email: EMAIL }]);

    expect((await load(`?usuario=${adminId}`)).list.data.map((e) => e.resumo)).toEqual(["a"]);
    expect((await load("?usuario=sistema")).list.data.map((e) => e.resumo)).toEqual(["c"]);
    expect((await load("?acao=imovel_ativado")).list.data.map((e) => e.resumo)).toEqual(["b"]);
    expect((await load(`?imovel=${b}`)).list.total).toBe(2);
    expect((await load(`?imovel=vt${String(a).padStart(4, "0")}`)).list.data.map((e) => e.resumo)).toEqual(["a"]);
    expect((await load(`?imovel=${a}&acao=imovel_ativado`)).list.total).toBe(0);
    // Odd values show everything, and a listing typed wrong is said so.
    const odd = await load("?usuario=x&acao=toString&imovel=casa");
    expect(odd.list.total).toBe(4);
    expect(odd).toMatchObject({ usuario: null, acao: "", imovel: "casa", imovelInvalido: true });
  });

  it("pages 25 at a time", async () => {
    for (let i = 0; i < 30; i++) await recordHistory(getDb(), BIA, { acao: "banner", resumo: `n${i}` });
    const first = await listHistory({});
    expect(first).toMatchObject({ total: 30, page: 1, pageCount: 2 });
    expect(first.data).toHaveLength(25);
    expect(first.data[0].resumo).toBe("n29");
    const second = await listHistory({ page: 2 });
    expect(second.data.map((e) => e.resumo)).toEqual(["n4", "n3", "n2", "n1", "n0"]);
  });
});

describe("retention", () => {
  it("HISTORY_RETENTION_DAYS is 730 unless set", () => {
    expect(parseEnv({}).HISTORY_RETENTION_DAYS).toBe(730);
    expect(parseEnv({ HISTORY_RETENTION_DAYS: "90" }).HISTORY_RETENTION_DAYS).toBe(90);
    expect(() => parseEnv({ HISTORY_RETENTION_DAYS: "0" })).toThrow(/HISTORY_RETENTION_DAYS/);
  });

  it("deletes only the entries older than the retention", async () => {
    const at = async (daysAgo: number, resumo: string) => {
      await recordHistory(getDb(), BIA, { acao: "banner", resumo });
      await getDb().update(historico).set({ em: new Date(Date.now() - daysAgo * DAY) }).where(sql`${historico.resumo} = ${resumo}`);
    };
    await at(800, "velho");
    await at(729, "recente");
    await at(0, "hoje");
    expect(await purgeHistory(730)).toBe(1);
    expect((await entries()).map((e) => e.resumo).sort()).toEqual(["hoje", "recente"]);
    expect(await purgeHistory(100)).toBe(1);
    expect((await entries()).map((e) => e.resumo)).toEqual(["hoje"]);
    // The daily job's call, with the default 730 days: nothing left that old.
    await at(731, "antigo");
    await purgeOldHistory();
    expect((await entries()).map((e) => e.resumo)).toEqual(["hoje"]);
  });
});
