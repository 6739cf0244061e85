import { getEnv } from "~/env.server";
import { listSitemapImoveis } from "~/models/imovel.server";
import { escapeHtml } from "~/utils/escape";

export const PUBLIC_PAGES = ["/", "/imoveis", "/locacao", "/venda", "/temporada", "/sobre", "/contato"];

function urlEntry(loc: string, lastmod?: Date) {
  const mod = lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : "";
  return `<url><loc>${escapeHtml(loc)}</loc>${mod}</url>`;
}

export async function loader() {
  const base = getEnv().PUBLIC_URL.replace(/\/+$/, "");
  const rows = await listSitemapImoveis();
  const entries = [
    ...PUBLIC_PAGES.map((p) => urlEntry(`${base}${p}`)),
    ...rows.map((r) => urlEntry(`${base}/imovel/${r.id}`, r.updated_at)),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
