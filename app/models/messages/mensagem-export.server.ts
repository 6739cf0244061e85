// The inbox whole, for its CSV export (issue 24): every message the inbox's filters and search
// select (not one page), newest first, with the listing it is about.
import { desc, eq } from "drizzle-orm";
import { getDb } from "../../db/client.server";
import { imoveis, mensagens } from "../../db/schema";
import { EXPORT_MAX_ROWS } from "../listings/imovel-export.server";
import { inboxWhere, mensagemColumns, type InboxQuery } from "./mensagem-inbox.server";

export function listMensagensExport(query: Omit<InboxQuery, "page" | "pageSize">) {
  return getDb()
    .select({ ...mensagemColumns, lida: mensagens.lida, arquivada: mensagens.arquivada, imovelCodigo: imoveis.codigo })
    .from(mensagens)
    .leftJoin(imoveis, eq(imoveis.id, mensagens.imovel_id))
    .where(inboxWhere(query))
    .orderBy(desc(mensagens.created_at), desc(mensagens.id))
    .limit(EXPORT_MAX_ROWS);
}

export type MensagemExportRow = Awaited<ReturnType<typeof listMensagensExport>>[number];
