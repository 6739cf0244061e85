import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/models/session.server";

// Placeholder until the banner screen lands; the guard is already in place.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminBanner() {
  return (
    <>
      <h1>Banner</h1>
      <p className="admin-soon">A troca do banner da página inicial chega em breve.</p>
    </>
  );
}
