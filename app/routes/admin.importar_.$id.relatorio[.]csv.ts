import type { LoaderFunctionArgs } from "react-router";
import { importReportCsv } from "~/http/import.server";

/** An import's report for a spreadsheet (issue 32). */
export const loader = ({ request, params }: LoaderFunctionArgs) => importReportCsv(request, params.id);
