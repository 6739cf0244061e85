import { desc } from "drizzle-orm";
import { getDb } from "../db/client.server";
import { banners } from "../db/schema";

/** The current home banner: the newest row. */
export async function getBanner() {
  const [row] = await getDb().select().from(banners).orderBy(desc(banners.id)).limit(1);
  return row ?? null;
}

export async function insertBanner(banner: string) {
  const [res] = await getDb().insert(banners).values({ banner });
  return Number(res.insertId);
}
