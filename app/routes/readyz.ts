import { sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";

export async function loader() {
  const headers = { "Cache-Control": "no-store", "Content-Type": "text/plain" };
  try {
    await Promise.race([
      getDb().execute(sql`SELECT 1`),
      new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), 2000)),
    ]);
    return new Response("ready", { headers });
  } catch {
    return new Response("database unavailable", { status: 503, headers });
  }
}
