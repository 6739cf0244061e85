// Issue 24, LGPD: 'Dados de uma pessoa' finds everything held about an e-mail (any case) or a phone
// (any formatting), deletes it with its outbox rows, photos and the history's personal fields, and
// the daily job anonymizes what is older than LEADS_RETENTION_DAYS.
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDb, getDb } from "~/db/client.server";
import { alertas, historico, mensagemEmails, mensagemFotos, mensagens } from "~/db/schema";
import { subscribe } from "~/models/alerts/alerta.server";
import { recordHistory, type Actor } from "~/models/history/history.server";
import { listMensagens } from "~/models/messages/mensagem-inbox.server";
import { enqueueEmail } from "~/models/messages/mensagem-outbox.server";
import { saveMensagem, type NovaMensagem } from "~/models/messages/mensagem.server";
import { deletePersonalData, findPersonalData } from "~/models/privacy/personal-data.server";
import { ANONYMIZED_NOME, anonymizeExpiredMensagens } from "~/models/privacy/retention.server";
import { storeImage } from "~/services/images.server";
import { personSearchSchema } from "~/utils/personal-data-schema";
import { imgExists } from "./api-support";
import { resetDb } from "./db";
import { jpeg } from "./photo-support";

const ADMIN: Actor = { usuarioId: 7, email: "admin@teste.local", ip: "10.9.9.9" };
const ANA = { nome: "Ana Titular", email: "Ana.Titular@Exemplo.com.br", telefone: "(17) 99123-4567" };
const OTHER = { nome: "Bruno Outro", email: "bruno@exemplo.com.br", telefone: "(17) 98888-1111" };

async function save(who: { nome: string; email: string; telefone: string }, extra: Partial<NovaMensagem> = {}) {
  const id = await saveMensagem({ ...who, mensagem: `Olá, sou ${who.nome}.`, imovel_id: undefined, ip: "10.1.2.3", ...extra });
  // No SMTP_URL in tests: queue its e-mail as a configured site would.
  await enqueueEmail(getDb(), id);
  await recordHistory(getDb(), ADMIN, { acao: "mensagem", mensagemId: id, resumo: `Arquivada: mensagem de ${who.nome}`, mudancas: [{ campo: "Arquivada", de: "não", para: "sim" }] });
  return id;
}

async function withFoto(who: typeof ANA) {
  const { img, width } = await storeImage(await jpeg(640, 480, "#884422"));
  const id = await save(who, {
    tipo: "Captação",
    captacao: { finalidade: "Venda", tipo: "Casa", bairro: "Centro", endereco: "Rua da Ana, 10", preco: "300000.00" },
    fotos: [{ img, largura: width }],
  });
  return { id, img };
}

const count = async (t: typeof mensagemEmails | typeof mensagemFotos, ids: number[]) =>
  (await getDb().select({ n: sql<number>`COUNT(*)` }).from(t).where(inArray(t.mensagem_id, ids)))[0].n;

afterAll(closeDb);
beforeEach(resetDb);

describe("find", () => {
  it("an e-mail in any case, a phone in any formatting; nobody else", async () => {
    const a1 = await save(ANA);
    const a2 = await save({ ...ANA, email: "ana.titular@exemplo.com.br", telefone: "+55 17 99123-4567" }, { tipo: "Visita", visita_data: "2027-01-10", visita_periodo: "tarde" });
    const a3 = await save({ ...ANA, email: "outra-ana@exemplo.com.br", telefone: "017991234567" });
    await save(OTHER);
    const ids = (d: { mensagens: { id: number }[] }) => d.mensagens.map((m) => m.id).sort();

    expect(ids(await findPersonalData({ email: "ANA.TITULAR@exemplo.COM.br" }))).toEqual([a1, a2]);
    for (const telefone of ["17991234567", "(17) 99123-4567", "+55 (17) 99123 4567", "0 17 99123.4567"]) {
      expect(ids(await findPersonalData({ telefone })), telefone).toEqual([a1, a2, a3]);
    }
    expect((await findPersonalData({ telefone: "(17) 99123-4568" })).mensagens).toEqual([]);
    expect((await findPersonalData({ email: "ninguem@exemplo.com.br" })).mensagens).toEqual([]);

    const visita = (await findPersonalData({ email: ANA.email })).mensagens.find((m) => m.id === a2)!;
    expect(visita).toMatchObject({ tipo: "Visita", nome: ANA.nome, telefone: "+55 17 99123-4567", ip: "10.1.2.3", visita: { data: "2027-01-10", periodo: "tarde" } });
    expect(visita.emails).toEqual([expect.objectContaining({ status: "pendente", tentativas: 0 })]);
  });

  it("the box takes an e-mail or a phone with DDD, and says what is wrong otherwise", () => {
    expect(personSearchSchema.parse({ q: "  Ana@Exemplo.com " }).q).toEqual({ email: "ana@exemplo.com" });
    expect(personSearchSchema.parse({ q: "(17) 99123-4567" }).q).toEqual({ telefone: "(17) 99123-4567" });
    for (const q of ["ana@", "1234", "abc def", ""]) expect(personSearchSchema.safeParse({ q }).success, q).toBe(false);
  });
});

describe("delete", () => {
  it("removes the messages, their outbox rows and photo files; history keeps the action without the personal fields; others untouched", async () => {
    const a1 = await save(ANA);
    const { id: a2, img } = await withFoto({ ...ANA, email: "ANA.titular@exemplo.com.br" });
    const b = await save(OTHER);
    // Her e-mail alert of new listings (issue 32 §2), and someone else's.
    await subscribe("ANA.TITULAR@exemplo.com.br", { lista: "locacao", consulta: "tipo=Casa" }, "10.1.2.3");
    await subscribe(OTHER.email, { lista: "venda", consulta: "" }, "10.1.2.4");
    expect(await imgExists(img)).toBe(true);
    expect(await count(mensagemEmails, [a1, a2])).toBe(2);
    expect(await count(mensagemFotos, [a2])).toBe(1);

    const found = await findPersonalData({ email: ANA.email });
    expect(found.mensagens.find((m) => m.id === a2)?.fotos).toEqual([img]);
    expect(found.alertas).toMatchObject([{ busca: "/locacao?tipo=Casa", confirmado_em: null, ip: "10.1.2.3", emails: [{ tipo: "confirmacao", status: "pendente" }] }]);

    const counts = await deletePersonalData({ email: "ana.titular@exemplo.com.br" }, ADMIN);
    expect(counts).toEqual({ mensagens: 2, fotos: 1, emails: 2, historico: 2, alertas: 1 });
    expect((await findPersonalData({ email: ANA.email })).alertas).toEqual([]);
    expect((await getDb().select().from(alertas)).map((a) => a.email)).toEqual([OTHER.email]);
    expect((await findPersonalData({ email: ANA.email })).mensagens).toEqual([]);
    expect((await findPersonalData({ telefone: ANA.telefone })).mensagens).toEqual([]);
    expect(await count(mensagemEmails, [a1, a2])).toBe(0);
    expect(await count(mensagemFotos, [a2])).toBe(0);
    expect(await imgExists(img)).toBe(false);
    expect((await listMensagens({ filter: "todas" })).data.map((m) => m.id)).toEqual([b]);

    const entries = await getDb().select().from(historico).where(inArray(historico.mensagem_id, [a1, a2]));
    expect(entries).toHaveLength(2);
    for (const e of entries) expect(e).toMatchObject({ acao: "mensagem", usuario_email: ADMIN.email, resumo: null, mudancas: null });
    const [other] = await getDb().select().from(historico).where(eq(historico.mensagem_id, b));
    expect(other.resumo).toContain(OTHER.nome);

    const [entry] = await getDb().select().from(historico).where(eq(historico.acao, "dados_pessoais"));
    expect(entry).toMatchObject({ usuario_id: ADMIN.usuarioId, usuario_email: ADMIN.email, ip: ADMIN.ip, mensagem_id: null, mudancas: null });
    expect(entry.resumo).toMatch(/2 mensagem/);
    for (const personal of ["Ana", "ana.titular", "99123", "4567"]) expect(entry.resumo).not.toContain(personal);
  });

  it("by phone, whatever the formatting; the e-mail the person also used goes with it", async () => {
    await save(ANA);
    await save({ ...ANA, telefone: "17 991234567" });
    expect(await deletePersonalData({ telefone: "+55 17 99123-4567" }, ADMIN)).toMatchObject({ mensagens: 2 });
    expect((await findPersonalData({ email: ANA.email })).mensagens).toEqual([]);
  });
});

describe("retention", () => {
  const age = (ids: number[], days: number) =>
    getDb().update(mensagens).set({ created_at: sql`NOW() - INTERVAL ${sql.raw(String(days))} DAY` }).where(inArray(mensagens.id, ids));

  it("anonymizes messages older than the limit, keeps kind, date and listing for the statistics; a second run changes nothing", async () => {
    const old1 = await save(ANA, { tipo: "Visita", visita_data: "2024-05-02", visita_periodo: "manhã" });
    const { id: old2, img } = await withFoto(ANA);
    const recent = await save(OTHER);
    await age([old1, old2], 731);
    await age([recent], 729);
    const [before] = await getDb().select().from(mensagens).where(eq(mensagens.id, old2));

    expect(await anonymizeExpiredMensagens(730)).toEqual({ mensagens: 2, fotos: 1 });
    const rows = await getDb().select().from(mensagens).where(inArray(mensagens.id, [old1, old2]));
    for (const r of rows) expect(r).toMatchObject({ nome: ANONYMIZED_NOME, email: "", telefone: "", mensagem: "", ip: "", captacao_endereco: null });
    const visita = rows.find((r) => r.id === old1)!;
    expect(visita).toMatchObject({ tipo: "Visita", visita_data: "2024-05-02", visita_periodo: "manhã" });
    const captacao = rows.find((r) => r.id === old2)!;
    expect(captacao).toMatchObject({ tipo: "Captação", captacao_bairro: "Centro", captacao_preco: "300000.00" });
    expect(captacao.created_at).toEqual(before.created_at);
    expect(await count(mensagemEmails, [old1, old2])).toBe(0);
    expect(await count(mensagemFotos, [old2])).toBe(0);
    expect(await imgExists(img)).toBe(false);
    expect((await findPersonalData({ email: ANA.email })).mensagens).toEqual([]);
    for (const e of await getDb().select().from(historico).where(inArray(historico.mensagem_id, [old1, old2]))) expect(e).toMatchObject({ resumo: null, mudancas: null });

    const [kept] = await getDb().select().from(mensagens).where(eq(mensagens.id, recent));
    expect(kept).toMatchObject({ nome: OTHER.nome, email: OTHER.email });
    expect(await count(mensagemEmails, [recent])).toBe(1);

    const job = await getDb().select().from(historico).where(eq(historico.acao, "dados_pessoais"));
    expect(job).toHaveLength(1);
    expect(job[0]).toMatchObject({ usuario_id: null, usuario_email: null });
    expect(await anonymizeExpiredMensagens(730)).toEqual({ mensagens: 0, fotos: 0 });
    expect(await getDb().select().from(historico).where(eq(historico.acao, "dados_pessoais"))).toHaveLength(1);
  });
});
