// 'Criar imóvel' (issue 23): an owner's offer ('Captação' message) becomes a new listing, inactive,
// with what the owner typed and the photos they sent, in one transaction; the message links to it.
import { and, asc, eq, isNull } from "drizzle-orm";
import { getDb } from "../../db/client.server";
import { mensagemFotos, mensagens } from "../../db/schema";
import { escapeHtml } from "../../utils/escape";
import { DomainError } from "../errors";
import { contentWrite } from "./content-version.server";
import { insertFotos } from "./foto.server";
import { recordHistory, type Actor } from "../history/history.server";
import { mensagemResumo } from "../messages/mensagem-history.server";
import { imovelNameIn, imovelResumo } from "./imovel-history.server";
import { insertImovelIn } from "./imovel.server";

/** The owner's text as the description's paragraphs (plain text, escaped). */
function descricaoOf(text: string) {
  return text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`)
    .join("");
}

/**
 * Makes the listing of a 'Captação' message: inactive (nothing is public until the admin reviews
 * it), its tipo, finalidade as status, bairro, address, asking price, the owner's text as the
 * description and the photos in the order sent (shared files: deleting one side keeps them for the
 * other). A second call returns the listing already made. null when it is not such a message.
 */
export async function createImovelFromCaptacao(actor: Actor, mensagemId: number): Promise<{ id: number; created: boolean } | null> {
  const db = getDb();
  const [m] = await db.select().from(mensagens).where(eq(mensagens.id, mensagemId)).limit(1);
  if (!m || m.tipo !== "Captação" || !m.captacao_finalidade || !m.captacao_tipo) return null;
  if (m.captacao_imovel_id) return { id: m.captacao_imovel_id, created: false };
  const fotos = await db
    .select({ img: mensagemFotos.img, largura: mensagemFotos.largura })
    .from(mensagemFotos)
    .where(eq(mensagemFotos.mensagem_id, mensagemId))
    .orderBy(asc(mensagemFotos.position), asc(mensagemFotos.id));
  const id = await contentWrite(async (tx) => {
    const id = await insertImovelIn(tx, {
      tipo: m.captacao_tipo!,
      status: m.captacao_finalidade!,
      ativo: "nao",
      preco: m.captacao_preco ?? "0.00",
      bairro: m.captacao_bairro ?? "",
      endereco: m.captacao_endereco ?? "",
      descricao: descricaoOf(m.mensagem),
    });
    await insertFotos(tx, id, fotos);
    // Two admins clicking at once: the second one's transaction finds the link set and rolls back.
    const [linked] = await tx
      .update(mensagens)
      .set({ captacao_imovel_id: id })
      .where(and(eq(mensagens.id, mensagemId), isNull(mensagens.captacao_imovel_id)));
    if (linked.affectedRows === 0) throw new DomainError("conflict", "Este imóvel já foi criado a partir da mensagem.");
    await recordHistory(tx, actor, {
      acao: "imovel_criado",
      imovelId: id,
      mensagemId,
      resumo: `${imovelResumo(id, await imovelNameIn(tx, id))}: criado da ${mensagemResumo(mensagemId, m.tipo)}`,
    });
    return id;
  });
  return { id, created: true };
}
