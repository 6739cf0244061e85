// How the admin history names a listing: its code, tipo and bairro ("VT0012 · Casa · Centro"), read
// in the write's own transaction, so the words stay after the listing is deleted.
import type { Tx } from "../../db/client.server";
import { eq } from "drizzle-orm";
import { imoveis } from "../../db/schema";
import { recordHistory, type Actor, type HistoryKind } from "../history/history.server";
import type { HistoricoMudanca } from "../../db/schema";

type Named = { codigo: string | null; tipo: string; bairro: string };

/** The listing in words; `#id` when it had no code yet. */
export function imovelResumo(id: number, r: Named | undefined) {
  if (!r) return `Imóvel #${id}`;
  return [r.codigo ?? `#${id}`, r.tipo, r.bairro].filter(Boolean).join(" · ");
}

/** Reads what names a listing (call it before a delete). */
export async function imovelNameIn(tx: Tx, id: number) {
  const [row] = await tx.select({ codigo: imoveis.codigo, tipo: imoveis.tipo, bairro: imoveis.bairro }).from(imoveis).where(eq(imoveis.id, id)).limit(1);
  return row;
}

/**
 * Records `acao` about listing `imovelId` inside `tx`: resumo is the listing's name, then `detail`
 * ("3 fotos"); `named` when it was read already (a delete).
 */
export async function recordImovel(
  tx: Tx,
  actor: Actor,
  acao: HistoryKind,
  imovelId: number,
  opts: { detail?: string; mudancas?: HistoricoMudanca[]; named?: Named } = {},
) {
  const name = imovelResumo(imovelId, opts.named ?? (await imovelNameIn(tx, imovelId)));
  await recordHistory(tx, actor, { acao, imovelId, resumo: opts.detail ? `${name}: ${opts.detail}` : name, mudancas: opts.mudancas });
}
