// The admin list whole, for its CSV export (issue 24): every listing the list's filters select
// (not one page), newest first, with the columns a spreadsheet wants and the last 30 days' views.
import { desc } from "drizzle-orm";
import { getDb } from "../../db/client.server";
import { imoveis } from "../../db/schema";
import { visualizacoesOf } from "./visualizacoes.server";
import { toquesOf } from "./whatsapp-toques.server";
import { adminWhere, type AdminCriteria } from "./imovel-admin.server";

/** More than any agency here holds; a bound, so one click cannot read a runaway table. */
export const EXPORT_MAX_ROWS = 50_000;

export async function listAdminExport(criteria: AdminCriteria) {
  const rows = await getDb()
    .select({
      id: imoveis.id,
      codigo: imoveis.codigo,
      tipo: imoveis.tipo,
      status: imoveis.status,
      situacao: imoveis.situacao,
      ativo: imoveis.ativo,
      publicar_portais: imoveis.publicar_portais,
      preco: imoveis.preco,
      condominio: imoveis.condominio,
      iptu: imoveis.iptu,
      area: imoveis.area,
      quartos: imoveis.quartos,
      banheiros: imoveis.banheiros,
      garagem: imoveis.garagem,
      endereco: imoveis.endereco,
      numero: imoveis.numero,
      bairro: imoveis.bairro,
      cidade: imoveis.cidade,
      estado: imoveis.estado,
      cep: imoveis.cep,
      created_at: imoveis.created_at,
      updated_at: imoveis.updated_at,
    })
    .from(imoveis)
    .where(adminWhere(criteria))
    .orderBy(desc(imoveis.id))
    .limit(EXPORT_MAX_ROWS);
  const ids = rows.map((r) => r.id);
  const [views, taps] = await Promise.all([visualizacoesOf(ids), toquesOf(ids)]);
  return rows.map((r) => ({ ...r, visualizacoes: views.get(r.id) ?? 0, whatsapp: taps.get(r.id) ?? 0 }));
}

export type ImovelExportRow = Awaited<ReturnType<typeof listAdminExport>>[number];
