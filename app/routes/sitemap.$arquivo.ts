import type { LoaderFunctionArgs } from "react-router";
import { chunkOfFile, publicBase, urlsetResponse } from "~/http/sitemap.server";
import { notFound } from "~/http/responses.server";
import { listSitemapImoveis } from "~/models/listings/sitemap.server";

const PUBLIC_PAGES = ["/", "/imoveis", "/locacao", "/venda", "/temporada", "/sobre", "/contato"];

/** /sitemap/paginas.xml (the public pages) or /sitemap/imoveis-N.xml (a range of listings). */
export async function loader({ params }: LoaderFunctionArgs) {
  const base = publicBase();
  if (params.arquivo === "paginas.xml") return urlsetResponse(PUBLIC_PAGES.map((p) => ({ loc: `${base}${p}` })));
  const chunk = chunkOfFile(params.arquivo ?? "");
  const rows = chunk == null ? [] : await listSitemapImoveis(chunk);
  // A file the index does not list (no active listing in its range) does not exist.
  if (rows.length === 0) return notFound("Sitemap não encontrado.");
  return urlsetResponse(rows.map((r) => ({ loc: `${base}/imovel/${r.id}`, lastmod: r.updated_at })));
}
