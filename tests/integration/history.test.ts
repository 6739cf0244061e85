// Issue 24, the admin history: every admin write of listings, photos, the banner and messages records
// who, from where and what in its own transaction (decision 0026); an edit records only the fields
// it changed, old → new, in the form's words; a write that fails leaves no entry.
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDb, getDb } from "~/db/client.server";
import { historico, imoveis, mensagemEmails, mensagens } from "~/db/schema";
import { recordHistory, type Actor } from "~/models/history/history.server";
import { cropBanner, replaceBanner } from "~/models/listings/banner.server";
import { contentWrite } from "~/models/listings/content-version.server";
import { cropCapa, cropFoto } from "~/models/listings/foto-crop.server";
import { moveFoto, setFotoOrder } from "~/models/listings/foto-order.server";
import { addFotos, deleteFoto, setCapa } from "~/models/listings/foto.server";
import { createImovelFromCaptacao } from "~/models/listings/imovel-from-captacao.server";
import { deleteImovel, saveImovel, setAtivo, setPublicarPortais } from "~/models/listings/imovel.server";
import { deleteMensagem, setArquivada, setLida } from "~/models/messages/mensagem-actions.server";
import { retryEmail } from "~/models/messages/mensagem-outbox.server";
import { imovelSchema } from "~/utils/imovel-schema";
import { resetDb } from "./db";
import { jpeg, up } from "./photo-support";

const ANA: Actor = { usuarioId: 7, email: "ana@imobiliaria.teste", ip: "203.0.113.7" };
const FORM = { tipo: "Casa", status: "Venda", ativo: "sim", preco: "R$ 350.000,00", area: "120", descricao: "<p>Casa boa</p>", quartos: "3", bairro: "Centro", endereco: "Rua Amazonas", numero: "100" };
const valueOf = (fields: Record<string, string>) => imovelSchema.parse(fields);
const entries = () => getDb().select().from(historico).orderBy(asc(historico.id));
const crop = { left: 0, top: 0, width: 400, height: 300 };

async function mensagem(values: Partial<typeof mensagens.$inferInsert> = {}) {
  const [res] = await getDb()
    .insert(mensagens)
    .values({ nome: "Maria Pessoa", email: "maria@pessoa.teste", telefone: "(17) 99123-4567", mensagem: "Quero visitar a casa", ...values });
  return Number(res.insertId);
}

beforeEach(resetDb);
afterAll(closeDb);

describe("each admin write of a listing, its photos and the banner", () => {
  it("records its kind with the actor and the listing", async () => {
    expect(await entries()).toEqual([]);
    const { id } = await saveImovel(ANA, valueOf(FORM), []);
    const [{ codigo }] = await getDb().select({ codigo: imoveis.codigo }).from(imoveis).where(eq(imoveis.id, id));
    expect(await setAtivo(ANA, id, "nao")).toBe(true);
    expect(await setPublicarPortais(ANA, id, "nao")).toBe(true);
    const { added } = await addFotos(ANA, id, [up("a.jpg", await jpeg(), 0), up("b.jpg", await jpeg(800, 600, "#aa0000"), 1)]);
    expect(added).toHaveLength(2);
    expect(await setCapa(ANA, id, added[1].img)).toBe(true);
    await cropFoto(ANA, added[0].id, crop);
    await cropCapa(ANA, id, crop);
    expect(await moveFoto(ANA, id, added[1].id, "up")).toBe(true);
    expect(await setFotoOrder(ANA, id, [added[0].id, added[1].id])).toBe(true);
    expect(await deleteFoto(ANA, added[0].id)).toEqual({ imovelId: id });
    await replaceBanner(ANA, up("banner.jpg", await jpeg(1800, 750)));
    await cropBanner(ANA, { left: 0, top: 0, width: 1200, height: 500 });
    expect(await deleteImovel(ANA, id)).toBe(true);

    const rows = await entries();
    expect(rows.map((r) => r.acao)).toEqual([
      "imovel_criado",
      "imovel_ativado",
      "imovel_portais",
      "fotos_adicionadas",
      "foto_capa",
      "foto_recorte",
      "foto_recorte",
      "fotos_ordem",
      "fotos_ordem",
      "foto_excluida",
      "banner",
      "banner",
      "imovel_excluido",
    ]);
    for (const r of rows) expect(r).toMatchObject({ usuario_id: 7, usuario_email: "ana@imobiliaria.teste", ip: "203.0.113.7" });
    for (const r of rows.filter((r) => r.acao !== "banner")) {
      expect(r.imovel_id).toBe(id);
      // The listing is named by its code, tipo and bairro, also once it is deleted.
      expect(r.resumo).toMatch(new RegExp(`^${codigo} · Casa · Centro`));
    }
    expect(rows[1].mudancas).toEqual([{ campo: "Anúncio ativo", de: "Sim", para: "Não" }]);
    expect(rows[2].mudancas).toEqual([{ campo: "Publicar nos portais", de: "Sim", para: "Não" }]);
    expect(rows[3].resumo).toMatch(/: 2 fotos$/);
    expect(rows.filter((r) => r.acao === "banner").map((r) => r.resumo)).toEqual(["Novo banner", "Banner recortado"]);
  });
});

describe("an edit", () => {
  it("records only the fields it changed, old → new, with the form's labels; a save that changes nothing records nothing", async () => {
    const { id } = await saveImovel(ANA, valueOf(FORM), []);
    await saveImovel(ANA, valueOf(FORM), [], { id });
    expect((await entries()).map((r) => r.acao)).toEqual(["imovel_criado"]);

    await saveImovel(ANA, valueOf({ ...FORM, preco: "R$ 340.000,00", bairro: "Pozzobon", quartos: "4" }), [], { id });
    const edits = (await entries()).filter((r) => r.acao === "imovel_editado");
    expect(edits).toHaveLength(1);
    expect(edits[0].imovel_id).toBe(id);
    expect(edits[0].mudancas).toEqual([
      { campo: "Preço", de: "R$ 350.000,00", para: "R$ 340.000,00" },
      { campo: "Quartos", de: "3", para: "4" },
      { campo: "Bairro", de: "Centro", para: "Pozzobon" },
    ]);
  });
});

describe("message actions", () => {
  it("are recorded with the message's number and kind and none of the sender's data", async () => {
    const contato = await mensagem();
    await getDb().insert(mensagemEmails).values({ mensagem_id: contato, status: "falhou", attempts: 3 });
    const captacao = await mensagem({ tipo: "Captação", captacao_finalidade: "Venda", captacao_tipo: "Casa", captacao_bairro: "Centro" });
    expect(await setLida(ANA, contato, true)).toBe(true);
    expect(await setLida(ANA, contato, false)).toBe(true);
    expect(await setArquivada(ANA, contato, true)).toBe(true);
    expect(await retryEmail(ANA, contato)).toBe(true);
    const made = await createImovelFromCaptacao(ANA, captacao);
    expect(made).toMatchObject({ created: true });
    expect(await deleteMensagem(ANA, contato)).toBe(true);

    const rows = await entries();
    expect(rows.map((r) => [r.acao, r.mensagem_id, r.resumo])).toEqual([
      ["mensagem", contato, `Mensagem #${contato} (Contato): marcada como lida`],
      ["mensagem", contato, `Mensagem #${contato} (Contato): marcada como não lida`],
      ["mensagem", contato, `Mensagem #${contato} (Contato): arquivada`],
      ["mensagem", contato, `Mensagem #${contato} (Contato): novo envio do e-mail`],
      ["imovel_criado", captacao, expect.stringMatching(new RegExp(`^VT\\d{4} · Casa · Centro: criado da Mensagem #${captacao} \\(Captação\\)$`))],
      ["mensagem_excluida", contato, `Mensagem #${contato} (Contato): excluída`],
    ]);
    expect(rows[4].imovel_id).toBe(made!.id);
    for (const r of rows) {
      expect(r).toMatchObject({ usuario_id: 7, ip: "203.0.113.7" });
      expect(JSON.stringify(r)).not.toMatch(/Maria|pessoa\.teste|99123|visitar/);
    }
  });
});

describe("a write that fails or changes nothing", () => {
  it("leaves no entry", async () => {
    const { id } = await saveImovel(ANA, valueOf(FORM), []);
    const before = (await entries()).length;
    expect(before).toBe(1);
    await expect(addFotos(ANA, 987654, [up("a.jpg", await jpeg())])).rejects.toThrow(/Imóvel não encontrado/);
    expect(await setAtivo(ANA, 987654, "nao")).toBe(false);
    expect(await deleteImovel(ANA, 987654)).toBe(false);
    expect(await setFotoOrder(ANA, id, [123])).toBe(false);
    expect(await setCapa(ANA, id, "aaaaaaaaaaaaaaaaaaaa.jpg")).toBe(false);
    await expect(cropBanner(ANA, crop)).rejects.toMatchObject({ kind: "conflict" });
    expect(await setLida(ANA, 987654, true)).toBe(false);
    expect(await retryEmail(ANA, 987654)).toBe(false);
    // A database refusal inside the write: numero is varchar(20).
    await expect(saveImovel(ANA, { ...valueOf(FORM), numero: "1".repeat(40) }, [], { id })).rejects.toThrow();
    expect((await getDb().select({ numero: imoveis.numero }).from(imoveis).where(eq(imoveis.id, id)))[0].numero).toBe("100");
    expect((await entries()).length).toBe(before);
  });

  it("choosing the cover a listing already has (the /api client sends it back with every save) records nothing", async () => {
    const { id } = await saveImovel(ANA, valueOf(FORM), []);
    const { added } = await addFotos(ANA, id, [up("a.jpg", await jpeg(), 0)]);
    expect(await setCapa(ANA, id, added[0].img)).toBe(true);
    expect(await setCapa(ANA, id, added[0].img)).toBe(true);
    expect((await entries()).map((r) => r.acao)).toEqual(["imovel_criado", "fotos_adicionadas", "foto_capa"]);
  });

  it("rolls its entry back with it: the entry is part of the write's transaction", async () => {
    await expect(
      contentWrite(async (tx) => {
        await recordHistory(tx, ANA, { acao: "banner", resumo: "não deve ficar" });
        expect(await tx.select().from(historico)).toHaveLength(1); // written, inside the transaction
        throw new Error("falha depois do registro");
      }),
    ).rejects.toThrow("falha depois do registro");
    expect(await entries()).toEqual([]);
  });
});
