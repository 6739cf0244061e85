// The sitemap's XML (sitemaps.org protocol 0.9): an index at /sitemap.xml (robots.txt points to it)
// and the files it lists, /sitemap/paginas.xml and /sitemap/imoveis-N.xml (app/models/listings/sitemap.server.ts).
import { getEnv } from "~/env.server";
import { escapeHtml } from "~/utils/escape";

const NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
const HEAD = '<?xml version="1.0" encoding="UTF-8"?>';

/** The public address, without a trailing slash: every sitemap URL is absolute. */
export const publicBase = () => getEnv().PUBLIC_URL.replace(/\/+$/, "");

/** File `chunk` of the listings (numbered from 0) is /sitemap/imoveis-(chunk + 1).xml. */
export const listingsFile = (chunk: number) => `imoveis-${chunk + 1}.xml`;

/** The chunk a file name stands for, or null. */
export function chunkOfFile(name: string): number | null {
  const m = /^imoveis-([1-9]\d{0,8})\.xml$/.exec(name);
  return m ? Number(m[1]) - 1 : null;
}

function xml(body: string) {
  return new Response(`${HEAD}\n${body}\n`, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

/** A <urlset> file: each URL with its last change when known. */
export function urlsetResponse(entries: { loc: string; lastmod?: Date }[]) {
  const urls = entries.map(({ loc, lastmod }) => `<url><loc>${escapeHtml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ""}</url>`);
  return xml(`<urlset xmlns="${NS}">\n${urls.join("\n")}\n</urlset>`);
}

/** The <sitemapindex> of the files at these absolute URLs. */
export function sitemapIndexResponse(locs: string[]) {
  const files = locs.map((loc) => `<sitemap><loc>${escapeHtml(loc)}</loc></sitemap>`);
  return xml(`<sitemapindex xmlns="${NS}">\n${files.join("\n")}\n</sitemapindex>`);
}
