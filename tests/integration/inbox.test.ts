// The admin's inbox (produto §11) on a real database: filters, search, pages, read/archive/delete,
// and the HTTP side of /admin/mensagens (forms without JavaScript, fetchers with it).
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDb, getDb } from "~/db/client.server";
import { mensagemEmails, mensagens } from "~/db/schema";
import { enqueueEmail } from "~/models/messages/mensagem-outbox.server";
import { deleteMensagem, setArquivada, setLida } from "~/models/messages/mensagem-actions.server";
import { countUnread, getMensagem, inboxSummary, listMensagens, openMensagem } from "~/models/messages/mensagem-inbox.server";
import { insertImovel } from "~/models/listings/imovel.server";
import * as adminLayout from "~/routes/admin";
import * as excluir from "~/routes/admin.mensagens.$id.excluir";
import * as detalhe from "~/routes/admin.mensagens_.$id";
import { codigoFor } from "~/utils/imovel";
import type { MensagemFilter } from "~/utils/mensagem";
import { adminCookie, req } from "./api-support";
import { resetDb } from "./db";
import { SYSTEM } from "~/models/history/history.server";
import { routeArgs } from "../route-args";

const DAY = 86_400_000;
let seq = 0;
/** A stored message, `daysAgo` old (each one a second newer than the one before); the rest as a visitor would send it. */
async function msg(v: Partial<typeof mensagens.$inferInsert> & { daysAgo?: number } = {}) {
  seq += 1;
  const { daysAgo = 0, ...values } = v;
  const [res] = await getDb()
    .insert(mensagens)
    .values({ nome: `Pessoa ${seq}`, email: `p${seq}@teste.com.br`, telefone: "(17) 3421-0000", mensagem: "Olá", created_at: new Date(Date.now() - daysAgo * DAY - 3_600_000 + seq * 1000), ...values });
  return Number(res.insertId);
}
const ids = async (filter: MensagemFilter, q?: string, extra: { dias?: number } = {}) => (await listMensagens({ filter, q, ...extra })).data.map((m) => m.id);

/** Runs a page loader or action; a thrown Response (redirect, refusal) is returned like an answer. */
async function run(fn: (args: never) => unknown, request: Request, params: Record<string, string> = {}) {
  try {
    return await fn(routeArgs(request, params) as never);
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
}
const statusOf = (r: unknown) => (r instanceof Response ? r.status : ((r as { init?: ResponseInit }).init?.status ?? 200));
const dataOf = (r: unknown) => (r as { data: unknown }).data;

beforeEach(resetDb);
afterAll(closeDb);

describe("inbox model", () => {
  it("lists newest first; Não lidas = unread and not archived, Todas = all, Arquivadas = archived; 'dias' counts back", async () => {
    const old = await msg({ daysAgo: 10, lida: true });
    const lida = await msg({ daysAgo: 2, lida: true });
    const arquivada = await msg({ daysAgo: 1, arquivada: true });
    const nova = await msg();
    expect(await ids("todas")).toEqual([nova, arquivada, lida, old]);
    expect(await ids("nao-lidas")).toEqual([nova]);
    expect(await ids("arquivadas")).toEqual([arquivada]);
    expect(await ids("todas", undefined, { dias: 7 })).toEqual([nova, arquivada, lida]);
    expect(await countUnread()).toBe(1);
    expect(await countUnread(nova)).toBe(0);
    expect(await inboxSummary()).toEqual({ last7Days: 3, unread: 1 });
  });

  it("searches name, e-mail, phone (in any format) and the listing's code; LIKE wildcards are literal", async () => {
    const imovelId = await insertImovel({ descricao: "", endereco: "Rua Bahia", numero: "7" });
    const ana = await msg({ nome: "Ana Beatriz", email: "ana@exemplo.com", telefone: "(17) 99123-4567" });
    const bia = await msg({ nome: "Bia", email: "bia@outro.com", telefone: "+55 11 3333-2222", imovel_id: imovelId });
    expect(await ids("todas", "beatriz")).toEqual([ana]);
    expect(await ids("todas", "OUTRO.COM")).toEqual([bia]);
    expect(await ids("todas", "17991234567")).toEqual([ana]);
    expect(await ids("todas", "3333-2222")).toEqual([bia]);
    expect(await ids("todas", codigoFor(imovelId))).toEqual([bia]);
    expect(await ids("todas", "a%")).toEqual([]);
    expect(await ids("todas", "__")).toEqual([]);
    expect(await ids("todas", "a")).toEqual([bia, ana]); // 1 character: everything
    const [view] = (await listMensagens({ filter: "todas", q: "Bia" })).data;
    expect(view.imovel).toEqual({ id: imovelId, codigo: codigoFor(imovelId), endereco: "Rua Bahia", numero: "7", bairro: "" });
  });

  it("pages of 20, a page past the end shows the last one", async () => {
    for (let i = 0; i < 23; i++) await msg();
    const p1 = await listMensagens({ filter: "todas" });
    expect(p1).toMatchObject({ total: 23, page: 1, pageCount: 2, pageSize: 20 });
    expect(p1.data).toHaveLength(20);
    const p9 = await listMensagens({ filter: "todas", page: 9 });
    expect(p9.page).toBe(2);
    expect(p9.data).toHaveLength(3);
    expect(new Set([...p1.data, ...p9.data].map((m) => m.id)).size).toBe(23);
  });

  it("opening marks read; read/unread and archive are idempotent; delete takes the queued e-mail along", async () => {
    const id = await msg();
    await enqueueEmail(getDb(), id);
    expect((await getMensagem(id))?.envio).toMatchObject({ status: "pendente", attempts: 0, lastError: null });
    expect((await openMensagem(id))?.lida).toBe(true);
    expect((await getMensagem(id))?.lida).toBe(true);
    expect(await setLida(SYSTEM, id, true)).toBe(true); // unchanged but found
    expect(await setLida(SYSTEM, id, false)).toBe(true);
    expect(await setArquivada(SYSTEM, id, true)).toBe(true);
    expect(await ids("arquivadas")).toEqual([id]);
    expect(await setLida(SYSTEM, 999_999, true)).toBe(false);
    expect(await openMensagem(999_999)).toBeNull();
    expect(await deleteMensagem(SYSTEM, id)).toBe(true);
    expect(await deleteMensagem(SYSTEM, id)).toBe(false);
    expect(await getDb().select().from(mensagemEmails)).toEqual([]);
  });
});

describe("/admin/mensagens over HTTP", () => {
  const post = (id: number | string, form: Record<string, string>, cookie: string) =>
    run(detalhe.action, req(`/admin/mensagens/${id}`, { urlencoded: form, cookie }), { id: String(id) });

  it("a plain form changes the state and goes back with a toast; a fetcher gets { ok } to revalidate in place", async () => {
    const cookie = await adminCookie();
    const id = await msg();
    const res = (await post(id, { intent: "arquivar", back: "/admin/mensagens?filtro=nao-lidas&q=ana" }, cookie)) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/admin/mensagens?filtro=nao-lidas&q=ana");
    expect(res.headers.get("set-cookie")).toMatch(/toast/);
    expect((await getMensagem(id))?.arquivada).toBe(true);

    const fetched = await post(id, { intent: "lida", _fetcher: "1" }, cookie);
    expect(statusOf(fetched)).toBe(200);
    expect(dataOf(fetched)).toMatchObject({ ok: true });
    expect((await getMensagem(id))?.lida).toBe(true);
  });

  it("refuses in Portuguese with a 4xx, never a 500: unknown intent, unknown id, nothing to resend, a foreign 'back'", async () => {
    const cookie = await adminCookie();
    const id = await msg();
    const bad = (await post(id, { intent: "explodir" }, cookie)) as Response;
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "Ação desconhecida para a mensagem." });
    // Names every object inherits are not intents either (the page fuzzer once posted "toString").
    for (const intent of ["toString", "constructor", "__proto__", "hasOwnProperty"]) {
      const inherited = (await post(id, { intent }, cookie)) as Response;
      expect(inherited.status, intent).toBe(400);
    }
    expect(statusOf(await post(999_999, { intent: "lida" }, cookie))).toBe(404);
    expect(statusOf(await post("abc", { intent: "lida" }, cookie))).toBe(404);
    const resend = await post(id, { intent: "reenviar", _fetcher: "1" }, cookie);
    expect(statusOf(resend)).toBe(409);
    expect(dataOf(resend)).toMatchObject({ ok: false, error: "Este e-mail não falhou: não há o que reenviar." });
    const away = (await post(id, { intent: "lida", back: "https://evil.example/admin/mensagens" }, cookie)) as Response;
    expect(away.headers.get("location")).toBe("/admin/mensagens");
    expect((await getMensagem(id))?.lida).toBe(true);
  });

  it("needs a login", async () => {
    const id = await msg();
    const res = (await post(id, { intent: "lida" }, "")) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/login/);
    expect((await getMensagem(id))?.lida).toBe(false);
  });

  it("opening a message marks it read, and the admin bar of that same request already counts it as read", async () => {
    const cookie = await adminCookie();
    const a = await msg();
    await msg();
    const url = `/admin/mensagens/${a}`;
    expect(await run(adminLayout.loader, req(url, { cookie }), { id: String(a) })).toMatchObject({ unread: 1 });
    const page = (await run(detalhe.loader, req(url, { cookie }), { id: String(a) })) as { m: { lida: boolean }; mailto: string };
    expect(page.m.lida).toBe(true);
    expect(page.mailto).toMatch(/^mailto:p\d+@teste\.com\.br\?subject=Re%3A%20Contato%20com%20/);
    expect(await countUnread()).toBe(1);
    // The delete confirmation over the list does not open (nor mark) the message.
    const b = await msg();
    await run(excluir.loader, req(`/admin/mensagens/${b}/excluir`, { cookie }), { id: String(b) });
    expect((await getMensagem(b))?.lida).toBe(false);
    expect(await run(adminLayout.loader, req(`/admin/mensagens/${b}/excluir`, { cookie }))).toMatchObject({ unread: 2 });
  });

  it("SIM of 'Excluir' deletes and goes back to the list; an unknown id is a 404", async () => {
    const cookie = await adminCookie();
    const id = await msg();
    const res = (await run(excluir.action, req(`/admin/mensagens/${id}/excluir?filtro=arquivadas`, { method: "POST", cookie }), { id: String(id) })) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/admin/mensagens?filtro=arquivadas");
    expect(await getMensagem(id)).toBeNull();
    expect(statusOf(await run(excluir.action, req(`/admin/mensagens/${id}/excluir`, { method: "POST", cookie }), { id: String(id) }))).toBe(404);
  });
});
