// What deleting and anonymizing a message both do to the history (issue 24): an entry about the
// message keeps its action, admin, address and time, and loses the words that may name the person
// (`resumo`: a message's subject holds the sender's name) and the changed values.
import type { Tx } from "../../db/client.server";
import { inArray } from "drizzle-orm";
import { historico } from "../../db/schema";

/** Blanks the personal fields of the history entries about `mensagemIds`; how many entries. */
export async function forgetInHistory(tx: Tx, mensagemIds: number[]) {
  if (!mensagemIds.length) return 0;
  const [res] = await tx.update(historico).set({ resumo: null, mudancas: null }).where(inArray(historico.mensagem_id, mensagemIds));
  return res.affectedRows;
}
