import type { LoaderFunctionArgs } from "react-router";
import { requireAdmin } from "~/http/auth.server";
import { exportPersonalData } from "~/http/personal-data.server";

/** 'Exportar (JSON)' of 'Dados de uma pessoa': a download, a plain link (issue 24). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return exportPersonalData(request);
}
