// "Exportar CSV" of the admin list and of the inbox (issue 24): the same query string as the page
// (its filters and search; the page number is ignored), every row it selects, as a pt-BR CSV.
import { listAdminExport, type ImovelExportRow } from "~/models/listings/imovel-export.server";
import { listMensagensExport, type MensagemExportRow } from "~/models/messages/mensagem-inbox.server";
import { csvDate, csvDecimal, csvResponse, csvTime, csvYesNo, type CsvColumn } from "./csv.server";
import { inboxQueryOf } from "./inbox.server";
import { adminListQueryOf } from "./params.server";

export const IMOVEL_COLUMNS: CsvColumn<ImovelExportRow>[] = [
  { header: "Código", value: (r) => r.codigo },
  { header: "Tipo", value: (r) => r.tipo },
  { header: "Finalidade", value: (r) => r.status },
  { header: "Situação", value: (r) => r.situacao },
  { header: "Ativo", value: (r) => csvYesNo(r.ativo) },
  { header: "Publicar nos portais", value: (r) => csvYesNo(r.publicar_portais) },
  { header: "Valor (R$)", value: (r) => csvDecimal(r.preco) },
  { header: "Condomínio (R$)", value: (r) => csvDecimal(r.condominio) },
  { header: "IPTU (R$)", value: (r) => csvDecimal(r.iptu) },
  { header: "Área (m²)", value: (r) => csvDecimal(r.area) },
  { header: "Quartos", value: (r) => r.quartos },
  { header: "Banheiros", value: (r) => r.banheiros },
  { header: "Vagas", value: (r) => r.garagem },
  { header: "Endereço", value: (r) => r.endereco },
  { header: "Número", value: (r) => r.numero },
  { header: "Bairro", value: (r) => r.bairro },
  { header: "Cidade", value: (r) => r.cidade },
  { header: "UF", value: (r) => r.estado },
  { header: "CEP", value: (r) => r.cep },
  { header: "Visualizações 30 dias", value: (r) => r.visualizacoes },
  { header: "WhatsApp 30 dias", value: (r) => r.whatsapp },
  { header: "Cadastrado em", value: (r) => csvDate(r.created_at) },
  { header: "Atualizado em", value: (r) => csvDate(r.updated_at) },
];

export const MENSAGEM_COLUMNS: CsvColumn<MensagemExportRow>[] = [
  { header: "Data", value: (r) => csvDate(r.created_at) },
  { header: "Hora", value: (r) => csvTime(r.created_at) },
  { header: "Tipo", value: (r) => r.tipo },
  { header: "Nome", value: (r) => r.nome },
  { header: "E-mail", value: (r) => r.email },
  { header: "Telefone", value: (r) => r.telefone },
  { header: "Imóvel", value: (r) => r.imovelCodigo },
  { header: "Mensagem", value: (r) => r.mensagem },
  { header: "Visita (dia)", value: (r) => csvDate(r.visita_data) },
  { header: "Visita (período)", value: (r) => r.visita_periodo && r.visita_periodo[0].toUpperCase() + r.visita_periodo.slice(1) },
  { header: "Captação: finalidade", value: (r) => r.captacao_finalidade },
  { header: "Captação: tipo", value: (r) => r.captacao_tipo },
  { header: "Captação: bairro", value: (r) => r.captacao_bairro },
  { header: "Captação: endereço", value: (r) => r.captacao_endereco },
  { header: "Captação: valor (R$)", value: (r) => csvDecimal(r.captacao_preco) },
  { header: "Lida", value: (r) => csvYesNo(r.lida) },
  { header: "Arquivada", value: (r) => csvYesNo(r.arquivada) },
];

/** GET /admin/imovel.csv?… (the list's own query string). */
export async function imoveisCsv(request: Request) {
  const { page: _page, ...criteria } = adminListQueryOf(new URL(request.url).searchParams);
  return csvResponse("imoveis", IMOVEL_COLUMNS, await listAdminExport(criteria));
}

/** GET /admin/mensagens.csv?… (the inbox's own query string). */
export async function mensagensCsv(request: Request) {
  const { page: _page, ...query } = inboxQueryOf(request);
  return csvResponse("mensagens", MENSAGEM_COLUMNS, await listMensagensExport(query));
}
