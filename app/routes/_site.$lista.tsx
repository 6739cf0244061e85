import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { ListingPage } from "~/components/listing-page";
import { LISTAS } from "~/utils/listas";
import { loadListing } from "~/utils/listing.server";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [
        { title: `${data.lista.title} | Imobiliária Votuporanga` },
        { name: "description", content: data.lista.intro },
      ]
    : [];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const lista = Object.hasOwn(LISTAS, params.lista ?? "") ? LISTAS[params.lista!] : undefined;
  // Any other one-segment path is unknown: SPEC §2 sends it home.
  if (!lista) throw redirect("/");
  return { lista, ...(await loadListing(request, lista.status)) };
}

export default function Page() {
  return <ListingPage />;
}
