import { listingsFile, publicBase, sitemapIndexResponse } from "~/http/sitemap.server";
import { listSitemapChunks } from "~/models/listings/sitemap.server";

/** The sitemap index: the public pages' file, then one file per range of listing ids. */
export async function loader() {
  const base = publicBase();
  const chunks = await listSitemapChunks();
  return sitemapIndexResponse([`${base}/sitemap/paginas.xml`, ...chunks.map((k) => `${base}/sitemap/${listingsFile(k)}`)]);
}
