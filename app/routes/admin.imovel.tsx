import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/models/session.server";

// Placeholder until the admin property list lands; the guard is already in place.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminImoveis() {
  return (
    <>
      <h1>Imóveis</h1>
      <p className="admin-soon">A lista de imóveis chega em breve.</p>
    </>
  );
}
