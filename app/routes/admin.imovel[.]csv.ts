import type { LoaderFunctionArgs } from "react-router";
import { requireAdmin } from "~/http/auth.server";
import { imoveisCsv } from "~/http/exports.server";

/** "Exportar CSV" of /admin/imovel: the listings its filters select, for a spreadsheet. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return imoveisCsv(request);
}
