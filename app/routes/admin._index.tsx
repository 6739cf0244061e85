import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireAdmin } from "~/http/auth.server";
import { ADMIN_HOME } from "~/http/redirect";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  throw redirect(ADMIN_HOME);
}
