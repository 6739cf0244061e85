import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireAdmin } from "~/models/session.server";
import { ADMIN_HOME } from "~/utils/redirect";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  throw redirect(ADMIN_HOME);
}
