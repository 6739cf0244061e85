import type { LoaderFunctionArgs } from "react-router";
import { atendimentosCsv } from "~/http/atendimento-csv.server";
import { requireAdmin } from "~/http/auth.server";

/** "Exportar CSV" of /admin/atendimentos: the atendimentos its filters select, for a spreadsheet. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  return atendimentosCsv(request, user.id);
}
