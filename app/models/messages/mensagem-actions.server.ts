// The admin's changes of a message (produto §11): read/unread, archive, delete. Each one records its
// history entry in its own transaction (decision 0026), naming the message only by number and kind.
import { eq } from "drizzle-orm";
import { getDb } from "../../db/client.server";
import { mensagemFotos, mensagens } from "../../db/schema";
import type { Actor } from "../history/history.server";
import { removeUnusedImages } from "../listings/foto.server";
import { recordMensagem } from "./mensagem-history.server";

/** One flag of a message set, with its entry; false when there is no such message. */
async function setFlag(actor: Actor, id: number, set: { lida: boolean } | { arquivada: boolean }, detail: string) {
  return getDb().transaction(async (tx) => {
    const [res] = await tx.update(mensagens).set(set).where(eq(mensagens.id, id));
    // affectedRows counts matched rows (mysql2's FOUND_ROWS default): an unchanged flag still finds it.
    if (res.affectedRows === 0) return false;
    await recordMensagem(tx, actor, "mensagem", id, detail);
    return true;
  });
}

/** False when there is no such message. */
export function setLida(actor: Actor, id: number, lida: boolean) {
  return setFlag(actor, id, { lida }, lida ? "marcada como lida" : "marcada como não lida");
}

export function setArquivada(actor: Actor, id: number, arquivada: boolean) {
  return setFlag(actor, id, { arquivada }, arquivada ? "arquivada" : "desarquivada");
}

/**
 * Deletes a message, its queued e-mail and its photo rows (ON DELETE CASCADE), then the photo files
 * nothing else uses (a listing made of it keeps them); false when there was none.
 */
export async function deleteMensagem(actor: Actor, id: number) {
  const found = await getDb().transaction(async (tx) => {
    const [m] = await tx.select({ tipo: mensagens.tipo }).from(mensagens).where(eq(mensagens.id, id)).for("update");
    if (!m) return null;
    const fotos = await tx.select({ img: mensagemFotos.img }).from(mensagemFotos).where(eq(mensagemFotos.mensagem_id, id));
    await tx.delete(mensagens).where(eq(mensagens.id, id));
    await recordMensagem(tx, actor, "mensagem_excluida", id, "excluída", m.tipo);
    return fotos;
  });
  if (found?.length) await removeUnusedImages(found.map((f) => f.img));
  return found !== null;
}
