import { listBairros, listPublic } from "~/models/imovel.server";
import type { Status } from "./enums";
import { listFilterCriteria, parseListFilter } from "./search-schema";

/** Loader shared by /imoveis and the three status pages. */
export async function loadListing(request: Request, status?: Status) {
  const filter = parseListFilter(new URL(request.url).searchParams);
  const [page, bairros] = await Promise.all([
    listPublic(listFilterCriteria(filter, status), { page: filter.page, sort: filter.ordem }),
    listBairros(),
  ]);
  return { status: status ?? null, filter, page, bairros };
}
