import type { ActionFunctionArgs } from "react-router";
import { redirect } from "react-router";
import { logout } from "~/http/auth.server";

// SAIR: a POST, so a link or a prefetch cannot log anyone out.
export async function action({ request }: ActionFunctionArgs) {
  throw redirect("/", { headers: { "Set-Cookie": await logout(request) } });
}

export function loader() {
  throw redirect("/");
}
