import { desc, eq } from "drizzle-orm";
import { getDb } from "../db/client.server";
import { imoveis } from "../db/schema";

/** A sitemap file holds at most 50,000 URLs; the public pages take a few of them. */
export const SITEMAP_MAX_IMOVEIS = 49_900;

/** Ids of the active (public) properties with their last change, newest first. */
export function listSitemapImoveis(limit = SITEMAP_MAX_IMOVEIS) {
  return getDb()
    .select({ id: imoveis.id, updated_at: imoveis.updated_at })
    .from(imoveis)
    .where(eq(imoveis.ativo, "sim"))
    .orderBy(desc(imoveis.created_at))
    .limit(limit);
}
