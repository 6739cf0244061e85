import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/http/auth.server";

/** The old address of 'Home admin' (produto §2): it lives at /admin now. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return redirect("/admin", 301);
}
