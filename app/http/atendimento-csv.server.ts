// "Exportar CSV" of /admin/atendimentos (issue 34): the board's query string (its filters), every
// atendimento it selects, as the pt-BR CSV of the other exports (csv.server.ts).
import { atendimentosExport, type AtendimentoExportRow } from "~/models/atendimentos/atendimento-board.server";
import { origemOf } from "~/utils/atendimento";
import { boardQueryOf } from "./atendimento.server";
import { csvDate, csvResponse, csvTime, type CsvColumn } from "./csv.server";

export const ATENDIMENTO_COLUMNS: CsvColumn<AtendimentoExportRow>[] = [
  { header: "Data", value: (r) => csvDate(r.created_at) },
  { header: "Hora", value: (r) => csvTime(r.created_at) },
  { header: "Origem", value: (r) => origemOf(r.tipo) },
  { header: "Nome", value: (r) => r.nome },
  { header: "E-mail", value: (r) => r.email },
  { header: "Telefone", value: (r) => r.telefone },
  { header: "Imóvel", value: (r) => r.imovelCodigo },
  { header: "Etapa", value: (r) => r.etapa },
  { header: "Motivo", value: (r) => r.motivo },
  { header: "Responsável", value: (r) => r.responsavelNome || r.responsavelEmail },
  { header: "Retornar em (data)", value: (r) => csvDate(r.retornar_em) },
  { header: "Retornar em (hora)", value: (r) => csvTime(r.retornar_em) },
];

/** GET /admin/atendimentos.csv?… (the board's own query string) for admin `me` ('Meus'). */
export async function atendimentosCsv(request: Request, me: number) {
  return csvResponse("atendimentos", ATENDIMENTO_COLUMNS, await atendimentosExport(boardQueryOf(request), me));
}
