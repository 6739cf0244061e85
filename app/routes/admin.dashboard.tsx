import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/http/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminHome() {
  return <h1>Home admin</h1>;
}
