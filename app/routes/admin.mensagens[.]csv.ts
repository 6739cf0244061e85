import type { LoaderFunctionArgs } from "react-router";
import { requireAdmin } from "~/http/auth.server";
import { mensagensCsv } from "~/http/exports.server";

/** "Exportar CSV" of /admin/mensagens: the messages its filters and search select, for a spreadsheet. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return mensagensCsv(request);
}
